# badinput: a Dataset subclass without __getitem__
# expect-exit: 1
# expect-stderr: NotImplementedError: Subclasses of Dataset should implement __getitem__.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __len__(self): return 2
for b in DataLoader(D()):
    pass
