# badinput: torch API misuse: arange inf
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported range: 0 -> inf
import torch
torch.arange(0, float('inf'))
