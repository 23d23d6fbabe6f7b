# badinput: t set grad wrong shape (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: attempting to assign a gradient of size '[3]' to a tensor of size '[2]'. Please ensure that the gradient and the tensor are the same size
import torch
x = torch.ones(2, requires_grad=True)
x.grad = torch.ones(3)
