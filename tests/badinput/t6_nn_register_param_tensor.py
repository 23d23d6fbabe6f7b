# badinput: nn register param tensor (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'torch.FloatTensor' object to parameter 'w' (torch.nn.Parameter or None required)
import torch
import torch.nn as nn
m = nn.Module()
m.register_parameter('w', torch.ones(3))
