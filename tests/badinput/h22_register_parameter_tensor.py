# badinput: register_parameter with a plain tensor
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'torch.FloatTensor' object to parameter 'w' (torch.nn.Parameter or None required)
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Module()
m.register_parameter('w', torch.ones(2))
