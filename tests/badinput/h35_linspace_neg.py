# badinput: torch API misuse: linspace neg
# expect-exit: 1
# expect-stderr: RuntimeError: number of steps must be non-negative
import torch
torch.linspace(0, 1, -1)
