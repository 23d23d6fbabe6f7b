import torch
from torch.utils.data import DataLoader, TensorDataset, RandomSampler, SequentialSampler, BatchSampler

torch.manual_seed(0)
ds = TensorDataset(torch.arange(10))
dl = DataLoader(ds, batch_size=4, shuffle=True)
for epoch in range(2):
    print(epoch, [b[0].tolist() for b in dl])
print(torch.rand(2))

# a generator of its own
g = torch.Generator()
g.manual_seed(1)
dl = DataLoader(ds, batch_size=3, shuffle=True, generator=g)
print([b[0].tolist() for b in dl])
print([b[0].tolist() for b in dl])

# samplers on their own
torch.manual_seed(5)
print(list(RandomSampler(range(6))))
print(list(RandomSampler(range(6), replacement=True, num_samples=8)))
print(list(RandomSampler(range(4), num_samples=6)))
print(list(SequentialSampler(range(4))))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=False)))
print(list(BatchSampler(SequentialSampler(range(10)), batch_size=3, drop_last=True)))
print(len(BatchSampler(range(10), 4, False)), len(BatchSampler(range(10), 4, True)))
print(list(RandomSampler(range(5), generator=torch.Generator().manual_seed(3))))

# the same seed gives the same epochs
torch.manual_seed(7)
a = [b[0].tolist() for b in DataLoader(ds, batch_size=5, shuffle=True)]
torch.manual_seed(7)
b = [b[0].tolist() for b in DataLoader(ds, batch_size=5, shuffle=True)]
print(a == b, a)
