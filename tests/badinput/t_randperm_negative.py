# badinput: t randperm negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: n must be non-negative, got-1
import torch
torch.randperm(-1)
