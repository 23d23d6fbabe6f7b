# badinput: a Dataset whose __len__ raises
# expect-exit: 1
# expect-stderr: RuntimeError: no length today
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __len__(self): raise RuntimeError("no length today")
    def __getitem__(self, i): return i
list(DataLoader(D()))
