# badinput: a multi-element tensor as a condition
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
import torch.nn as nn
import torch.nn.functional as F
if torch.ones(3) > 0:
    pass
