# badinput: a dataset whose items are None collated into batches
# expect-exit: 1
# expect-stderr: TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return 4
    def __getitem__(self, i): return None
next(iter(DataLoader(D(), batch_size=2)))
