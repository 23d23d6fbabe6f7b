# badinput: pad negative output (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: narrow(): length must be non-negative.
import torch
import torch.nn.functional as F
F.pad(torch.ones(3), (-2, -2))
