# badinput: nn add module empty (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t be empty string ""'
import torch
import torch.nn as nn
m = nn.Module()
m.add_module('', nn.Linear(1, 1))
