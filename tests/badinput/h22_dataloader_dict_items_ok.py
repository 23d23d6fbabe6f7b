# badinput: DataLoader collating dict items
# expect-exit: 0
# expect-stdout: torch.Size([2, 2]) tensor([0, 1])
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
d = [{'x': torch.ones(2), 'y': i} for i in range(4)]
b = next(iter(DataLoader(d, batch_size=2)))
print(b['x'].shape, b['y'])
