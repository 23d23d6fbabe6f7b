# badinput: a Dataset whose __len__ returns a float
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __len__(self):
        return 4.0
    def __getitem__(self, i):
        return torch.randn(2)
dl = DataLoader(D(), batch_size=2)
for b in dl:
    print(b.shape)
