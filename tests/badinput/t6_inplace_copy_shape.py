# badinput: inplace copy shape (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
import torch
torch.ones(3).copy_(torch.ones(4))
