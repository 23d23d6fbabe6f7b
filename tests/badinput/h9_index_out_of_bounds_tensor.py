# badinput: a long index tensor past the dim
# expect-exit: 1
# expect-stderr: IndexError: index 3 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3)[torch.tensor([3])]
