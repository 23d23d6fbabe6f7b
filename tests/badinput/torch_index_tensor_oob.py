# badinput: an index tensor out of range
# expect-exit: 1
# expect-stderr: IndexError: index 5 is out of bounds for dimension 0 with size 3
import torch
torch.ones(3)[torch.tensor([5])]
