# badinput: optim nonleaf (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: can't optimize a non-leaf Tensor
import torch
x = torch.ones(2, requires_grad=True) * 2
torch.optim.SGD([x], lr=0.1)
