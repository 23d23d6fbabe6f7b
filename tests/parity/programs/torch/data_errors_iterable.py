import torch
from torch.utils.data import DataLoader, IterableDataset, TensorDataset, RandomSampler, BatchSampler


class Counter(IterableDataset):
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))

    def __len__(self):
        return self.n


print([b.tolist() for b in DataLoader(Counter(7), batch_size=3)])
print([b.tolist() for b in DataLoader(Counter(7), batch_size=3, drop_last=True)])
print(len(DataLoader(Counter(7), batch_size=3)), len(DataLoader(Counter(7), batch_size=3, drop_last=True)))
print(list(DataLoader(Counter(3), batch_size=None)))

td = TensorDataset(torch.arange(6))
for kwargs in [dict(shuffle=True, sampler=RandomSampler(td)),
               dict(batch_sampler=BatchSampler(range(6), 2, False), batch_size=3),
               dict(batch_size=None, drop_last=True),
               dict(num_workers=-1)]:
    try:
        DataLoader(td, **kwargs)
    except ValueError as e:
        print("ValueError", e)
try:
    DataLoader(Counter(3), shuffle=True)
except ValueError as e:
    print("ValueError", e)
for bad in [dict(batch_size=0), dict(batch_size=2, drop_last=1)]:
    try:
        BatchSampler(range(3), bad.get("batch_size", 2), bad.get("drop_last", False))
    except ValueError as e:
        print("ValueError", e)
try:
    RandomSampler(td, num_samples=0)
except ValueError as e:
    print("ValueError", e)


class Obj:
    pass


try:
    next(iter(DataLoader([Obj(), Obj()], batch_size=2)))
except TypeError as e:
    print("TypeError", str(e).split(";")[0])
try:
    next(iter(DataLoader([[1, 2], [3]], batch_size=2)))
except RuntimeError as e:
    print("RuntimeError", e)

# batch_sampler and num_workers
dl = DataLoader(td, batch_sampler=BatchSampler(range(6), 4, False))
print(len(dl), [b[0].tolist() for b in dl])
dl = DataLoader(td, batch_size=4, num_workers=2)
print([b[0].tolist() for b in dl], dl.num_workers)
