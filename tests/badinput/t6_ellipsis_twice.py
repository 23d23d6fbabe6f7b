# badinput: ellipsis twice (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: IndexError: an index can only have a single ellipsis ('...')
import torch
torch.ones(3, 4)[..., ...]
