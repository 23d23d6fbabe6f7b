# badinput: index none then oob (issue 31, hostile-input sweep 6; PyTorch names the item's position in the index tuple, applySlicing's real_dim = i)
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 2 with size 3
import torch
torch.ones(3)[None, None, 5]
