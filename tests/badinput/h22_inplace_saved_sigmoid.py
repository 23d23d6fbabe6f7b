# badinput: modifying sigmoid's output in place before backward
# expect-exit: 1
# expect-stderr: RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [3]], which is output 0 of SigmoidBackward0, is at version 1; expected version 0 instead.
import torch
import torch.nn as nn
import torch.nn.functional as F
a = torch.randn(3, requires_grad=True)
b = a.sigmoid()
b.mul_(2)
b.sum().backward()
