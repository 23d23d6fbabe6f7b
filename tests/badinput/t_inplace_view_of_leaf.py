# badinput: an in-place op on a view of a leaf that requires grad is PyTorch's error (silently accepted)
# expect-exit: 1
# expect-stderr: RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.
import torch
x = torch.ones(2, requires_grad=True)
x[0].mul_(2)
