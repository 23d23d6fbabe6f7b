# badinput: torch.zeros(2.5)
# expect-exit: 1
# expect-stderr: TypeError: zeros(): argument 'size' (position 1) must be tuple of ints, not float
import torch
torch.zeros(2.5)
