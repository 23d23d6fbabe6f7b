# badinput: DataLoader(shuffle=True) over an IterableDataset
# expect-exit: 1
# expect-stderr: ValueError: DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle=True
import torch
from torch.utils.data import DataLoader, IterableDataset
class D(IterableDataset):
    def __iter__(self):
        return iter(range(3))
DataLoader(D(), shuffle=True)
