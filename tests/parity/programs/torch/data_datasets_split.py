import torch
from torch.utils.data import (ConcatDataset, Dataset, Subset, TensorDataset, random_split,
                              SubsetRandomSampler, WeightedRandomSampler, DataLoader)


class Range(Dataset):
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __len__(self):
        return self.b - self.a

    def __getitem__(self, i):
        if i >= len(self):
            raise IndexError("out of range")
        return self.a + i


c = ConcatDataset([Range(0, 3), Range(10, 14)])
print(len(c), c.cumulative_sizes, [c[i] for i in range(len(c))], c[-1], c[-7])
c2 = Range(0, 2) + Range(5, 6)
print(type(c2).__name__, len(c2), [c2[i] for i in range(3)])
try:
    c[-8]
except ValueError as e:
    print("ValueError", e)

s = Subset(Range(100, 110), [9, 0, 4])
print(len(s), [s[i] for i in range(3)])

torch.manual_seed(0)
train, val = random_split(Range(0, 10), [7, 3])
print(len(train), len(val), train.indices, val.indices)
parts = random_split(Range(0, 10), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(42))
print([p.indices for p in parts])
parts = random_split(Range(0, 7), [0.5, 0.5], generator=torch.Generator().manual_seed(1))
print([len(p) for p in parts], [p.indices for p in parts])
try:
    random_split(Range(0, 10), [3, 3])
except ValueError as e:
    print("ValueError", e)

torch.manual_seed(1)
print(list(SubsetRandomSampler([10, 20, 30, 40])))
print(list(WeightedRandomSampler([0.1, 0.9, 0.4, 0.7, 3.0, 0.6], 5, replacement=True)))
print(list(WeightedRandomSampler([0.9, 0.4, 0.05, 0.2, 0.3, 0.1], 5, replacement=False)))

td = TensorDataset(torch.arange(4.0), torch.arange(4) * 10)
try:
    TensorDataset(torch.zeros(3), torch.zeros(4))
except AssertionError as e:
    print("AssertionError", e)
print(list(DataLoader(td, batch_size=2, sampler=SubsetRandomSampler([0, 2], generator=torch.Generator().manual_seed(0)))))
