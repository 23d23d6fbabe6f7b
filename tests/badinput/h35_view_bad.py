# badinput: torch API misuse: view bad
# expect-exit: 1
# expect-stderr: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
import torch
torch.ones(2, 3).t().view(6)
