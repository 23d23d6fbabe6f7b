# badinput: a dataset whose __len__ is larger than what indexing gives (a list behind it): IndexError from the list
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __init__(self):
        self.items = [torch.zeros(2)] * 3
    def __len__(self):
        return 4
    def __getitem__(self, i):
        return self.items[i]
print(sum(b.shape[0] for b in DataLoader(D(), batch_size=2)))
