# badinput: t grad twice (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to backward through the graph a second time (or directly access saved tensors after they have already been freed). Saved intermediate value
import torch
x = torch.ones(2, requires_grad=True)
y = (x * x).sum()
torch.autograd.grad(y, x)
torch.autograd.grad(y, x)
