# torch.utils.data.sampler: index samplers. Iterators are lazy, as PyTorch's generator functions
# are: a RandomSampler draws its seed (or its first randperm) on the first item, not at iter().
from typing import Generic, TypeVar

import torch


# Generic in T_co, as PyTorch declares it: `class S(Sampler[List[int]])`, `Dataset[Tuple[Tensor, int]]`
# and `DataLoader[Tensor]` annotations subscript the class.
T_co = TypeVar("T_co", covariant=True)


class Sampler(Generic[T_co]):
    def __init__(self, data_source=None):
        pass

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class _RandomSamplerIter:
    def __init__(self, sampler):
        self._sampler = sampler
        self._items = None
        self._pos = 0
        self._rounds = 0

    def __iter__(self):
        return self

    def _refill(self):
        s = self._sampler
        n = len(s.data_source)
        if self._items is None:
            if s.generator is None:
                seed = int(torch.empty((), dtype=torch.int64).random_().item())
                self._generator = torch.Generator()
                self._generator.manual_seed(seed)
            else:
                self._generator = s.generator
        g = self._generator
        if s.replacement:
            # blocks of 32 draws, then the remainder
            if self._rounds < s.num_samples // 32:
                self._items = torch.randint(high=n, size=(32,), dtype=torch.int64, generator=g).tolist()
            elif self._rounds == s.num_samples // 32:
                self._items = torch.randint(high=n, size=(s.num_samples % 32,), dtype=torch.int64, generator=g).tolist()
            else:
                return False
        else:
            if self._rounds < s.num_samples // n:
                self._items = torch.randperm(n, generator=g).tolist()
            elif self._rounds == s.num_samples // n:
                self._items = torch.randperm(n, generator=g).tolist()[:s.num_samples % n]
            else:
                return False
        self._rounds += 1
        self._pos = 0
        return True

    def __next__(self):
        while self._items is None or self._pos >= len(self._items):
            if not self._refill():
                raise StopIteration
        v = self._items[self._pos]
        self._pos += 1
        return v


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError(f"replacement should be a boolean value, but got replacement={self.replacement}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer value, but got num_samples={self.num_samples}")

    @property
    def num_samples(self):
        if self._num_samples is None:
            return len(self.data_source)
        return self._num_samples

    def __iter__(self):
        return _RandomSamplerIter(self)

    def __len__(self):
        return self.num_samples


class _LazyListIter:
    # Iterates make() (a list), computed at the first item.
    def __init__(self, make):
        self._make = make
        self._items = None
        self._pos = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self._items is None:
            self._items = self._make()
        if self._pos >= len(self._items):
            raise StopIteration
        v = self._items[self._pos]
        self._pos += 1
        return v


class SubsetRandomSampler(Sampler):
    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        def make():
            return [self.indices[i] for i in torch.randperm(len(self.indices), generator=self.generator).tolist()]
        return _LazyListIter(make)

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not isinstance(num_samples, int) or isinstance(num_samples, bool) or num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer value, but got num_samples={num_samples}")
        if not isinstance(replacement, bool):
            raise ValueError(f"replacement should be a boolean value, but got replacement={replacement}")
        weights_tensor = torch.as_tensor(weights, dtype=torch.double)
        if len(weights_tensor.shape) != 1:
            raise ValueError(f"weights should be a 1d sequence but given weights have shape {tuple(weights_tensor.shape)}")
        self.weights = weights_tensor
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self):
        def make():
            return torch.multinomial(self.weights, self.num_samples, self.replacement, generator=self.generator).tolist()
        return _LazyListIter(make)

    def __len__(self):
        return self.num_samples


class _BatchIter:
    def __init__(self, bs):
        self._bs = bs
        self._it = None
        self._done = False

    def __iter__(self):
        return self

    def __next__(self):
        if self._done:
            raise StopIteration
        if self._it is None:
            self._it = iter(self._bs.sampler)
        batch = []
        while len(batch) < self._bs.batch_size:
            try:
                batch.append(next(self._it))
            except StopIteration:
                self._done = True
                break
        if len(batch) == self._bs.batch_size:
            return batch
        if batch and not self._bs.drop_last:
            return batch
        raise StopIteration


class BatchSampler(Sampler):
    def __init__(self, sampler, batch_size, drop_last):
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        return _BatchIter(self)

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size
