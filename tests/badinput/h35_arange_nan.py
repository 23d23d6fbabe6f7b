# badinput: torch API misuse: arange nan
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported range: 0 -> nan
import torch
torch.arange(0, float('nan'))
