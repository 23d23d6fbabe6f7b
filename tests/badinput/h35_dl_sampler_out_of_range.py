# badinput: a sampler yielding an index past the dataset
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import DataLoader
d = [1, 2, 3]
for x in DataLoader(d, sampler=[0, 5]):
    print(x)
