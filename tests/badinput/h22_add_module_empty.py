# badinput: add_module with an empty name
# expect-exit: 1
# expect-stderr: KeyError: 'module name can\'t be empty string ""'
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Module()
m.add_module('', nn.Linear(1, 1))
