import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return torch.tensor([float(i)]), i * i


ds = Squares(7)
print(len(ds), ds[3])
dl = DataLoader(ds, batch_size=3)
print(len(dl))
for x, y in dl:
    print(x.shape, x.flatten().tolist(), y)

dl = DataLoader(ds, batch_size=3, drop_last=True)
print(len(dl), [b[1].tolist() for b in dl])

# TensorDataset and batches of tuples
xs = torch.arange(12.0).reshape(6, 2)
ys = torch.arange(6)
td = TensorDataset(xs, ys)
print(len(td), td[1])
for bx, by in DataLoader(td, batch_size=4):
    print(bx, by)

# batch_size=None: no collation, samples converted one by one
for item in DataLoader(td, batch_size=None):
    print(item)
    break

# dict samples and custom collate_fn
class Dicts(Dataset):
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return {"x": torch.full((2,), float(i)), "label": i % 2, "name": "s" + str(i)}


for b in DataLoader(Dicts(), batch_size=2):
    print(b["x"], b["label"], b["name"])


def my_collate(batch):
    return [s[1] for s in batch]


print(list(DataLoader(ds, batch_size=4, collate_fn=my_collate)))

# numbers: floats collate to float64, bools and ints to tensors
class Nums(Dataset):
    def __len__(self):
        return 3

    def __getitem__(self, i):
        return (i * 0.5, i == 1, [i, i + 1])


for b in DataLoader(Nums(), batch_size=3):
    print(b)
