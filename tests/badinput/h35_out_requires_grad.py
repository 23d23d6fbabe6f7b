# badinput: torch API misuse: out requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: add(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.
import torch
x = torch.ones(3, requires_grad=True)
torch.add(x, 1, out=torch.empty(3))
