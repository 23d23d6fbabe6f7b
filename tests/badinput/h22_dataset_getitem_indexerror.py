# badinput: a Dataset indexing past its data
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
class DS(Dataset):
    def __init__(self):
        self.data = [1, 2, 3]
    def __len__(self):
        return 4
    def __getitem__(self, i):
        return self.data[i]
list(DataLoader(DS(), batch_size=2))
