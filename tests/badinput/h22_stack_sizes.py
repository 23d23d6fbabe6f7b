# badinput: stack of tensors of different sizes
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects each tensor to be equal size, but got [3] at entry 0 and [4] at entry 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.stack([torch.ones(3), torch.ones(4)])
