# badinput: tril indices negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: row must be non-negative, got-1
import torch
torch.tril_indices(-1, 3)
