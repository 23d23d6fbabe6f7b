# badinput: optim param int (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: optimizer can only optimize Tensors, but one of the params is int
import torch
torch.optim.SGD([1, 2], lr=0.1)
