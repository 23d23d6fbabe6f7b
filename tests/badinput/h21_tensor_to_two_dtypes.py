# badinput: Tensor.to with two dtypes
# expect-exit: 1
# expect-stderr: * (Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2).to(torch.float64, torch.int32)
