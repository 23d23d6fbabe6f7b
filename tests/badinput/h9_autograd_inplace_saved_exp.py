# badinput: modifying the output of exp() before backward
# expect-exit: 1
# expect-stderr: RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of ExpBackward0, is at version 1; expected version 0 instead.
import torch
x = torch.ones(2, requires_grad=True)
y = x.exp()
y.add_(1)
y.sum().backward()
