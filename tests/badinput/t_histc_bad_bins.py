# badinput: t histc bad bins (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: torch.histogram(): bins must be > 0, but got -1 for dimension 0
import torch
torch.histc(torch.ones(3), bins=-1)
