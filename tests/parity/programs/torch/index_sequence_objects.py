# Tensor indices that are neither tensors, ints nor built-in lists (probe 19a), by PyTorch's
# wrapTuple / treatSequenceAsTuple rule:
# - a list of NumPy integer scalars is one index (NumPy scalars are no sequences):
#   basic_corners[[(b + i) % 4 for i in range(4)]] with b drawn by np.random.randint;
# - an object with the sequence protocol (a Subset from random_split, a class defining __getitem__)
#   is read item by item: 32 or more items, or items that are all numbers, form one index tensor
#   (x_tensor[train_idx] in PyTorchStepByStep's index_splitter); fewer than 32 items of which one is
#   a tensor are a tuple of indices, so a short Subset of 0-d tensors indexes dimension by dimension.
import numpy as np
import torch
from torch.utils.data import random_split

corners = torch.tensor([[-1, -1], [-1, 1], [1, 1], [1, -1]])
np.random.seed(13)
for b in np.random.randint(4, size=3):
    print(type(b).__name__, corners[[(b + i) % 4 for i in range(4)]].tolist())
arr = np.array([[-1, -1], [-1, 1], [1, 1], [1, -1]])
b = np.int64(2)
print(arr[[b, b + 1]].tolist(), corners[[np.int64(1), np.int64(0)]].tolist())

x = torch.arange(100) * 10
torch.manual_seed(13)
train_idx, val_idx = random_split(torch.arange(100), [0.6, 0.4])
print(type(train_idx).__name__, len(train_idx), len(val_idx))
print(x[train_idx].shape, x[train_idx][:5].tolist(), x[val_idx][:3].tolist())
small, _ = random_split(torch.arange(4), [2, 2])
m = torch.arange(16).view(4, 4)
print(len(small), m[small].tolist())
try:
    print(torch.arange(3)[small])
except IndexError as e:
    print("IndexError:", e)


class Picks:
    def __init__(self, items):
        self.items = items

    def __getitem__(self, i):
        return self.items[i]

    def __len__(self):
        return len(self.items)


print(x[Picks([3, 1, 2])].tolist(), m[Picks([slice(1, 3), 0])].tolist())
