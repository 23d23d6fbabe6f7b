# badinput: unfold size too big (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: maximum size for tensor at dimension 0 is 5 but size is 6
import torch
torch.ones(5).unfold(0, 6, 1)
