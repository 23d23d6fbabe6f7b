# badinput: a map-style Dataset without __len__ in a DataLoader
# expect-exit: 1
# expect-stderr: TypeError: object of type 'D' has no len()
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __getitem__(self, i): return i
for x in DataLoader(D()):
    pass
