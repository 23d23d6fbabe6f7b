# badinput: a map-style Dataset without __len__ under shuffle
# expect-exit: 1
# expect-stderr: TypeError: object of type 'D' has no len()
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __getitem__(self, i):
        return torch.randn(2)
dl = DataLoader(D(), batch_size=2, shuffle=True)
for b in dl:
    print(b.shape)
