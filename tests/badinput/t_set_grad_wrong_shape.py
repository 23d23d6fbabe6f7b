# badinput: t set grad wrong shape (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: assigned grad has data of a different size
import torch
x = torch.ones(2, requires_grad=True)
x.grad = torch.ones(3)
