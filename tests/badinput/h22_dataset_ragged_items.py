# badinput: items of different sizes collated into a batch
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects each tensor to be equal size, but got [3] at entry 0 and [4] at entry 1
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
class DS(Dataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return torch.ones(3 + i)
next(iter(DataLoader(DS(), batch_size=2)))
