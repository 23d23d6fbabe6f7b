# badinput: a Dataset whose __getitem__ returns None
# expect-exit: 1
# expect-stderr: TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split
class DS(Dataset):
    def __len__(self):
        return 2
    def __getitem__(self, i):
        pass
next(iter(DataLoader(DS(), batch_size=2)))
