# badinput: int() of a multi-element tensor
# expect-exit: 1
# expect-stderr: ValueError: only one element tensors can be converted to Python scalars
import torch
import torch.nn as nn
import torch.nn.functional as F
int(torch.ones(2))
