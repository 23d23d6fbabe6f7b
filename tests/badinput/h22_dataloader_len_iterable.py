# badinput: len() of a DataLoader over an IterableDataset without __len__
# expect-exit: 1
# expect-stderr: TypeError: object of type 'S' has no len()
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
from torch.utils.data import IterableDataset
class S(IterableDataset):
    def __iter__(self):
        return iter(range(3))
len(DataLoader(S()))
