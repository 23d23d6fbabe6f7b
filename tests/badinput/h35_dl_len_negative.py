# badinput: a Dataset whose __len__ is negative
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return -3
    def __getitem__(self, i): return i
for x in DataLoader(D()):
    pass
