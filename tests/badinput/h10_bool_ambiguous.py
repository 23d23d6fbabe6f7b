# badinput: bool ambiguous
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
import torch.nn as nn
import torch.nn.functional as F
bool(torch.ones(2))
