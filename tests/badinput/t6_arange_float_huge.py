# badinput: arange float huge (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: invalid size, possible overflow?
import torch
torch.arange(0, 1e30, 1.0)
