# badinput: PyTorch misuse: iterable dataset shuffle
# expect-exit: 1
# expect-stderr: ValueError: DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle=True
import torch
from torch.utils.data import IterableDataset, DataLoader
class S(IterableDataset):
    def __iter__(self):
        return iter(range(4))
DataLoader(S(), shuffle=True)
