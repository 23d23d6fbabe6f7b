# badinput: torch.arange(10, 0, 1)
# expect-exit: 1
# expect-stderr: RuntimeError: upper bound and lower bound inconsistent with step sign
import torch
torch.arange(10, 0, 1)
