# badinput: item assignment to a leaf that requires grad
# expect-exit: 1
# expect-stderr: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
import torch
w = torch.randn(3, requires_grad=True)
w[0] = 5.0
