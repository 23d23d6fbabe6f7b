# badinput: a Dataset whose items are generators (collate cannot batch them)
# expect-exit: 1
# expect-stderr: TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'generator'>
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __len__(self): return 2
    def __getitem__(self, i): return (x for x in range(i))
list(DataLoader(D(), batch_size=2))
