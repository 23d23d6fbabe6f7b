# badinput: index_put_ with an out-of-range index
# expect-exit: 1
# expect-stderr: IndexError: index 3 is out of bounds for dimension 0 with size 3
import torch
x = torch.zeros(3)
x[torch.tensor([3])] = 1.0
