# badinput: a dataset whose __len__ returns a float
# expect-exit: 1
# expect-stderr: TypeError
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return 3.0
    def __getitem__(self, i): return i
list(DataLoader(D(), shuffle=True))
