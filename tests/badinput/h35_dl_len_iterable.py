# badinput: len() of a DataLoader over an IterableDataset without __len__
# expect-exit: 1
# expect-stderr: TypeError: object of type 'D' has no len()
import torch
from torch.utils.data import DataLoader, IterableDataset
class D(IterableDataset):
    def __iter__(self):
        return iter(range(3))
len(DataLoader(D()))
