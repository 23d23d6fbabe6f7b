# badinput: a Dataset whose __getitem__ shrinks the dataset while the DataLoader iterates
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
# expect-stdout: [0, 1]
import torch
from torch.utils.data import Dataset, DataLoader
class D(Dataset):
    def __init__(self): self.items = list(range(6))
    def __len__(self): return len(self.items)
    def __getitem__(self, i):
        v = self.items[i]
        self.items.pop()
        return v
for b in DataLoader(D(), batch_size=2):
    print(b.tolist())
