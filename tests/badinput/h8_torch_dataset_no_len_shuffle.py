# badinput: PyTorch misuse: dataset no len shuffle
# expect-exit: 1
# expect-stderr: TypeError: object of type 'D' has no len()
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __getitem__(self, i):
        return i
for b in DataLoader(D(), batch_size=2, shuffle=True):
    pass
