# badinput: torch.arange(0, 1, 0)
# expect-exit: 1
# expect-stderr: RuntimeError: step must be nonzero
import torch
torch.arange(0, 1, 0)
