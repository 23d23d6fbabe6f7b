# badinput: a sampler yielding an index past the dataset
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import DataLoader
data = [1, 2, 3]
dl = DataLoader(data, sampler=[0, 5], batch_size=1)
for b in dl:
    pass
