# badinput: unflatten empty sizes (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: unflatten: sizes must be non-empty
import torch
torch.ones(6).unflatten(0, ())
