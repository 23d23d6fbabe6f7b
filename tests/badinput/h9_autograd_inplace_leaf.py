# badinput: in-place op on a leaf that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
x = torch.ones(2, requires_grad=True)
x.add_(1)
