# badinput: the Dataset base class's __getitem__
# expect-exit: 1
# expect-stderr: NotImplementedError: Subclasses of Dataset should implement __getitem__.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
class DS(Dataset):
    def __len__(self):
        return 1
DS()[0]
