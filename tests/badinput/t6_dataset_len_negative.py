# badinput: dataset len negative (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self):
        return -1
    def __getitem__(self, i):
        return i
list(DataLoader(D()))
