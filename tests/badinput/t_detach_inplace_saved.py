# badinput: t detach inplace saved (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: one of the variables needed for gradient computation has been modified by an inplace operation: [torch.FloatTensor [2]], which is output 0 of ExpBackward0, is at version 1; expected 
import torch
x = torch.ones(2, requires_grad=True)
y = x.exp()
y.detach().zero_()
y.sum().backward()
