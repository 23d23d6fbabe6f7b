# badinput: an optimizer given a non-leaf tensor
# expect-exit: 1
# expect-stderr: ValueError: can't optimize a non-leaf Tensor
import torch
w = torch.randn(3, requires_grad=True) * 2
opt = torch.optim.SGD([w], lr=0.1)
