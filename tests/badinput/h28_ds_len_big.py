# badinput: a Dataset whose __len__ is larger than its data
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __init__(self):
        self.data = [torch.randn(2) for _ in range(3)]
    def __len__(self):
        return 5
    def __getitem__(self, i):
        return self.data[i]
dl = DataLoader(D(), batch_size=2)
for b in dl:
    print(b.shape)
