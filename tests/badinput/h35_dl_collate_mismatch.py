# badinput: default_collate of tensors of different sizes
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1
import torch
from torch.utils.data import DataLoader
d = [torch.ones(2), torch.ones(3)]
for x in DataLoader(d, batch_size=2):
    pass
