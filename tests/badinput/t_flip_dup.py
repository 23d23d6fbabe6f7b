# badinput: flip(0, 0) is PyTorch's repeated-dim error (silently flipped twice)
# expect-exit: 1
# expect-stderr: RuntimeError: dim 0 appears multiple times in the list of dims
import torch
torch.ones(2, 2).flip(0, 0)
