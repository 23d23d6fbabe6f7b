# badinput: torch API misuse: setitem grad leaf
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
x = torch.zeros(3, requires_grad=True)
x[0] = 1
