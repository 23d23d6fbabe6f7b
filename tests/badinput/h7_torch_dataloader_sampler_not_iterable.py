# badinput: a sampler that is an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
import torch
from torch.utils.data import DataLoader
dl = DataLoader([1, 2, 3], sampler=5)
for b in dl:
    pass
