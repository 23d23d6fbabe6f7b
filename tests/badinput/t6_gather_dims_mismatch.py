# badinput: gather dims mismatch (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Index tensor must have the same number of dimensions as input tensor
import torch
torch.gather(torch.ones(3, 3), 0, torch.zeros(3, dtype=torch.long))
