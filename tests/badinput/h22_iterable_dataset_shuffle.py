# badinput: shuffle=True with an IterableDataset
# expect-exit: 1
# expect-stderr: ValueError: DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle=True
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
from torch.utils.data import IterableDataset
class S(IterableDataset):
    def __iter__(self):
        return iter(range(3))
DataLoader(S(), shuffle=True)
