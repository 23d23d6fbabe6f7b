# badinput: clamp none (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None
import torch
torch.ones(3).clamp()
