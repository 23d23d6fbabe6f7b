# badinput: register buffer int
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' object to buffer 'x' (torch Tensor or None required)
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Module().register_buffer("x", 5)
