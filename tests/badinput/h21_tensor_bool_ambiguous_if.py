# badinput: if on a 3-element tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
import torch.nn as nn
import torch.nn.functional as F
if torch.tensor([1,2,3]) > 0:
    pass
