# Real-program corpus (tests/realworld, see README.md): the data pipeline of the tutorials: a custom
# map-style Dataset with __len__/__getitem__ returning dict samples, a transform class with __call__,
# DataLoader with shuffle (PyTorch's sampler order under torch.manual_seed), drop_last, default
# collation of dicts/tuples/numbers, a custom collate_fn, random_split with a seeded Generator,
# Subset, an IterableDataset, and a generator-based WrappedDataLoader: the workflow of pytorch/
# tutorials beginner_source/basics/data_tutorial.py, data_loading_tutorial.py and nn_tutorial.py @
# 07a339ece661a2b304b8834780470f522eed1e02. Written for Kiln, not copied.
import torch
from torch.utils.data import DataLoader, Dataset, IterableDataset, Subset, TensorDataset, random_split


class LandmarksDataset(Dataset):
    """Fake face-landmark samples: an image and 4 (x, y) points, made from the index."""

    def __init__(self, n, transform=None):
        self.n = n
        self.transform = transform

    def __len__(self):
        return self.n

    def __getitem__(self, idx):
        if torch.is_tensor(idx):
            idx = idx.tolist()
        image = torch.full((1, 4, 4), float(idx))
        landmarks = torch.arange(8, dtype=torch.float).view(4, 2) + idx
        sample = {'image': image, 'landmarks': landmarks, 'name': f'face_{idx:02d}'}
        if self.transform:
            sample = self.transform(sample)
        return sample


class Rescale:
    def __init__(self, factor):
        assert isinstance(factor, (int, float))
        self.factor = factor

    def __call__(self, sample):
        image, landmarks = sample['image'], sample['landmarks']
        return {'image': image * self.factor, 'landmarks': landmarks * self.factor, 'name': sample['name']}


torch.manual_seed(0)
dataset = LandmarksDataset(10, transform=Rescale(0.5))
print(len(dataset), dataset[3]['name'], dataset[3]['landmarks'][0])
loader = DataLoader(dataset, batch_size=4, shuffle=True)
for i_batch, sample_batched in enumerate(loader):
    print(i_batch, sample_batched['image'].size(), sample_batched['landmarks'].size(), sample_batched['name'])
loader = DataLoader(dataset, batch_size=4, shuffle=False, drop_last=True)
print(len(loader), [b['image'][:, 0, 0, 0].tolist() for b in loader])

pairs = TensorDataset(torch.arange(12).float().view(6, 2), torch.tensor([0, 1, 0, 1, 1, 0]))
for xb, yb in DataLoader(pairs, batch_size=4):
    print(xb.tolist(), yb.tolist())
print(next(iter(DataLoader([(1, 2.0, 'a'), (3, 4.0, 'b')], batch_size=2))))


def collate_pad(batch):
    longest = max(len(seq) for seq, _ in batch)
    padded = torch.zeros(len(batch), longest, dtype=torch.long)
    for i, (seq, _) in enumerate(batch):
        padded[i, :len(seq)] = torch.tensor(seq)
    return padded, torch.tensor([label for _, label in batch])


sequences = [([1, 2, 3], 0), ([4], 1), ([5, 6], 1), ([7, 8, 9, 10], 0)]
for padded, labels in DataLoader(sequences, batch_size=2, collate_fn=collate_pad):
    print(padded.tolist(), labels.tolist())

train_set, val_set = random_split(range(10), [7, 3], generator=torch.Generator().manual_seed(42))
print(list(train_set), list(val_set))
sub = Subset(pairs, [5, 0, 2])
print(len(sub), sub[0][1].item())


class Countdown(IterableDataset):
    def __init__(self, start):
        self.start = start

    def __iter__(self):
        n = self.start
        while n > 0:
            yield torch.tensor([n, n * n])
            n -= 1


print([b.tolist() for b in DataLoader(Countdown(5), batch_size=2)])


class WrappedDataLoader:
    def __init__(self, dl, func):
        self.dl = dl
        self.func = func

    def __len__(self):
        return len(self.dl)

    def __iter__(self):
        for b in self.dl:
            yield self.func(*b)


wrapped = WrappedDataLoader(DataLoader(pairs, batch_size=3, shuffle=True), lambda x, y: (x.view(-1, 1, 2), y))
print(len(wrapped), [(tuple(x.shape), y.tolist()) for x, y in wrapped])
