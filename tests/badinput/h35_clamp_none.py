# badinput: torch API misuse: clamp none
# expect-exit: 1
# expect-stderr: RuntimeError: torch.clamp: At least one of 'min' or 'max' must not be None
import torch
torch.clamp(torch.ones(3))
