# badinput: unflatten sizes not multiplying to the dim
# expect-exit: 1
# expect-stderr: RuntimeError: unflatten: Provided sizes [4, 2] don't multiply up to the size of dim 0 (6) in the input tensor
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.ones(6).unflatten(0,(4,2)))
