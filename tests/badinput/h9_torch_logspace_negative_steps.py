# badinput: logspace with -1 steps
# expect-exit: 1
# expect-stderr: RuntimeError: number of steps must be non-negative
import torch
torch.logspace(0, 1, -1)
