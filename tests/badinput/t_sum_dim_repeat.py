# badinput: t sum dim repeat (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: dim 0 appears multiple times in the list of dims
import torch
torch.ones(2, 2).sum((0, 0))
