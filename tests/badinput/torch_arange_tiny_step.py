# badinput: torch.arange(0, 1, 1e-300): 10**300 elements
# expect-exit: 1
# expect-stderr: RuntimeError: invalid size, possible overflow?
import torch
torch.arange(0, 1, 1e-300)
