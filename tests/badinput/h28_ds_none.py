# badinput: a Dataset whose __getitem__ returns None
# expect-exit: 1
# expect-stderr: TypeError: default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found <class 'NoneType'>
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __len__(self):
        return 4
    def __getitem__(self, i):
        x = torch.randn(2)
dl = DataLoader(D(), batch_size=2)
for b in dl:
    print(b)
