# badinput: scatter dims mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Index tensor must have the same number of dimensions as self tensor
import torch
torch.zeros(3, 3).scatter_(0, torch.zeros(3, dtype=torch.long), 1.0)
