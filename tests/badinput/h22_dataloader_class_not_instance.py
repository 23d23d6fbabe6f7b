# badinput: a Dataset class passed instead of an instance
# expect-exit: 1
# expect-stderr: TypeError: object of type 'type' has no len()
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
class DS(Dataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return i
for b in DataLoader(DS, batch_size=2):
    pass
