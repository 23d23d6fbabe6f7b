# badinput: register_buffer with an int
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' object to buffer 'b' (torch Tensor or None required)
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Module()
m.register_buffer('b', 3)
