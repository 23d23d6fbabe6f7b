# badinput: a map-style dataset whose __getitem__ raises IndexError before __len__ says: the DataLoader must raise, not stop early
# expect-exit: 1
# expect-stderr: IndexError: only 3
# expect-stdout: 3 batches
import torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self):
        return 5
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError("only 3")
        return torch.tensor([i])
n = 0
try:
    for b in DataLoader(D(), batch_size=1):
        n += 1
finally:
    print(n, "batches")
