# badinput: in-place change of a tensor saved for backward
# expect-exit: 1
# expect-stderr: modified by an inplace operation
import torch
x = torch.ones(3, requires_grad=True)
y = x.sigmoid()
y.mul_(2)
y.sum().backward()
