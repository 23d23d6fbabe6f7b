# badinput: a map dataset whose __getitem__ raises IndexError past its __len__
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return 5
    def __getitem__(self, i):
        if i >= 3: raise IndexError('list index out of range')
        return i
list(DataLoader(D()))
