# badinput: torch API misuse: index ellipsis twice
# expect-exit: 1
# expect-stderr: IndexError: an index can only have a single ellipsis ('...')
import torch
torch.zeros(3)[..., ...]
