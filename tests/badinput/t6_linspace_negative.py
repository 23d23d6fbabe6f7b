# badinput: linspace negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: number of steps must be non-negative
import torch
torch.linspace(0, 1, -1)
