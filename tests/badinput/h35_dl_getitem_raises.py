# badinput: a Dataset whose __getitem__ raises inside the DataLoader loop
# expect-exit: 1
# expect-stderr: ValueError: bad item 0
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return 3
    def __getitem__(self, i): raise ValueError("bad item %d" % i)
for x in DataLoader(D()):
    pass
