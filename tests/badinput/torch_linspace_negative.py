# badinput: torch.linspace(0, 1, -1)
# expect-exit: 1
# expect-stderr: RuntimeError: number of steps must be non-negative
import torch
torch.linspace(0, 1, -1)
