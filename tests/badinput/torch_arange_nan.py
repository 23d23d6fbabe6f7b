# badinput: torch.arange(nan)
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported range: 0 -> nan
import torch
torch.arange(float('nan'))
