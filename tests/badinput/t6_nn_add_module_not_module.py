# badinput: nn add module not module (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: int is not a Module subclass
import torch
import torch.nn as nn
m = nn.Module()
m.add_module('x', 5)
