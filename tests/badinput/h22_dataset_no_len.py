# badinput: a Dataset without __len__ in a DataLoader
# expect-exit: 1
# expect-stderr: TypeError: object of type 'DS' has no len()
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
class DS(Dataset):
    def __getitem__(self, i):
        return torch.ones(2)
for b in DataLoader(DS(), batch_size=2):
    pass
