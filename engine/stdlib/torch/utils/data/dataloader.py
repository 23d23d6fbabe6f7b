# torch.utils.data.dataloader: DataLoader, its single-process iterator, default_collate and
# default_convert. num_workers > 0 runs in the main process (Kiln has no worker processes); the
# random draws match PyTorch's main process: the iterator's base seed, then the sampler's.
import collections.abc
import copy
import sys
import warnings

from typing import Generic, TypeVar

import torch
from torch.utils.data.dataset import IterableDataset
from torch.utils.data.sampler import Sampler, SequentialSampler, RandomSampler, BatchSampler

_collate_err = ("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}")
_workers_noted = [False]


def _is_ndarray(x):
    t = type(x)
    return t.__name__ == "ndarray" and t.__module__.split(".")[0] == "numpy"


def default_convert(data):
    if isinstance(data, torch.Tensor):
        return data
    if _is_ndarray(data):
        return torch.as_tensor(data)
    if isinstance(data, dict):
        return {key: default_convert(data[key]) for key in data}
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, list):
        return [default_convert(d) for d in data]
    return data


def _collate_tensor(batch):
    return torch.stack(batch, 0)


def _collate_float(batch):
    return torch.tensor(batch, dtype=torch.float64)


def _collate_int(batch):
    return torch.tensor(batch)


def _collate_str(batch):
    # the batch itself, unchanged (a tuple when it comes from transposing tuples or lists)
    return batch


def _is_mapping(x):
    return isinstance(x, dict) or isinstance(x, collections.abc.Mapping)


def _is_sequence(x):
    return isinstance(x, (list, tuple)) or isinstance(x, collections.abc.Sequence)


def collate(batch, *, collate_fn_map=None):
    # PyTorch's torch.utils.data._utils.collate.collate: the element type's entry of collate_fn_map
    # (exact type first, then the first key it is an instance of), else the container rules.
    elem = batch[0]
    elem_type = type(elem)
    if collate_fn_map is not None:
        if elem_type in collate_fn_map:
            return collate_fn_map[elem_type](batch, collate_fn_map=collate_fn_map)
        for collate_type in collate_fn_map:
            if isinstance(elem, collate_type):
                return collate_fn_map[collate_type](batch, collate_fn_map=collate_fn_map)
    if _is_mapping(elem):
        items = {key: collate([d[key] for d in batch], collate_fn_map=collate_fn_map) for key in elem}
        try:
            if isinstance(elem, dict) or isinstance(elem, collections.abc.MutableMapping):
                clone = copy.copy(elem)
                clone.update(items)
                return clone
            return elem_type(items)
        except TypeError:
            return items
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return elem_type(*(collate(samples, collate_fn_map=collate_fn_map) for samples in zip(*batch)))
    if _is_sequence(elem):
        it = iter(batch)
        elem_size = len(next(it))
        if not all(len(e) == elem_size for e in it):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = list(zip(*batch))
        if isinstance(elem, tuple):
            return [collate(samples, collate_fn_map=collate_fn_map) for samples in transposed]
        try:
            if isinstance(elem, list) or isinstance(elem, collections.abc.MutableSequence):
                clone = copy.copy(elem)
                for i, samples in enumerate(transposed):
                    clone[i] = collate(samples, collate_fn_map=collate_fn_map)
                return clone
            return elem_type([collate(samples, collate_fn_map=collate_fn_map) for samples in transposed])
        except TypeError:
            return [collate(samples, collate_fn_map=collate_fn_map) for samples in transposed]
    raise TypeError(_collate_err.format(elem_type))


def _fn(f):
    def collate_fn(batch, *, collate_fn_map=None):
        return f(batch)
    collate_fn.__name__ = f.__name__[1:] + "_fn"
    return collate_fn


def _collate_ndarray(batch, *, collate_fn_map=None):
    return collate([torch.as_tensor(b) for b in batch], collate_fn_map=collate_fn_map)


default_collate_fn_map = {torch.Tensor: _fn(_collate_tensor)}


def _add_numpy_entries():
    # PyTorch registers numpy's entries right after torch.Tensor when numpy is installed; Kiln adds
    # them, in that place, once the program has imported numpy.
    np = sys.modules.get("numpy")
    if np is None or np.ndarray in default_collate_fn_map:
        return
    rest = [(k, default_collate_fn_map.pop(k)) for k in list(default_collate_fn_map) if k is not torch.Tensor]
    default_collate_fn_map[np.ndarray] = _collate_ndarray
    scalars = tuple(getattr(np, n) for n in ("bool_", "number", "object_") if hasattr(np, n))
    if scalars:
        default_collate_fn_map[scalars] = _collate_numpy_scalar
    for k, v in rest:
        default_collate_fn_map[k] = v


def _collate_numpy_scalar(batch, *, collate_fn_map=None):
    return torch.as_tensor(batch)


default_collate_fn_map[float] = _fn(_collate_float)
default_collate_fn_map[int] = _fn(_collate_int)
default_collate_fn_map[str] = _fn(_collate_str)
default_collate_fn_map[bytes] = _fn(_collate_str)


def default_collate(batch):
    _add_numpy_entries()
    return collate(batch, collate_fn_map=default_collate_fn_map)


def get_worker_info():
    return None


# Generic in T_co, as PyTorch declares it: `class S(Sampler[List[int]])`, `Dataset[Tuple[Tensor, int]]`
# and `DataLoader[Tensor]` annotations subscript the class.
T_co = TypeVar("T_co", covariant=True)


class _MapFetcher:
    def __init__(self, dataset, auto_collation, collate_fn, drop_last):
        self.dataset = dataset
        self.auto_collation = auto_collation
        self.collate_fn = collate_fn
        self.drop_last = drop_last

    def fetch(self, index):
        if self.auto_collation:
            if hasattr(self.dataset, "__getitems__") and self.dataset.__getitems__:
                data = self.dataset.__getitems__(index)
            else:
                data = [self.dataset[idx] for idx in index]
        else:
            data = self.dataset[index]
        return self.collate_fn(data)


class _IterableFetcher:
    def __init__(self, dataset, auto_collation, collate_fn, drop_last):
        self.dataset_iter = iter(dataset)
        self.auto_collation = auto_collation
        self.collate_fn = collate_fn
        self.drop_last = drop_last
        self.ended = False

    def fetch(self, index):
        if self.ended:
            raise StopIteration
        if self.auto_collation:
            data = []
            for _ in index:
                try:
                    data.append(next(self.dataset_iter))
                except StopIteration:
                    self.ended = True
                    break
            if len(data) == 0 or (self.drop_last and len(data) < len(index)):
                raise StopIteration
        else:
            data = next(self.dataset_iter)
        return self.collate_fn(data)


class _InfiniteConstantSampler(Sampler):
    def __iter__(self):
        return _Forever()


class _Forever:
    def __iter__(self):
        return self

    def __next__(self):
        return None


def _pin_memory(data):
    """torch.utils.data._utils.pin_memory.pin_memory: a batch with its tensors pinned, containers
    rebuilt as PyTorch does (tuples come back as lists, for backward compatibility)."""
    if isinstance(data, torch.Tensor):
        return data.pin_memory()
    if isinstance(data, (str, bytes)):
        return data
    if isinstance(data, collections.abc.Mapping):
        try:
            if isinstance(data, collections.abc.MutableMapping):
                clone = copy.copy(data)
                clone.update({k: _pin_memory(sample) for k, sample in data.items()})
                return clone
            return type(data)({k: _pin_memory(sample) for k, sample in data.items()})
        except TypeError:
            return {k: _pin_memory(sample) for k, sample in data.items()}
    if isinstance(data, tuple) and hasattr(data, "_fields"):  # namedtuple
        return type(data)(*(_pin_memory(sample) for sample in data))
    if isinstance(data, tuple):
        return [_pin_memory(sample) for sample in data]
    if isinstance(data, collections.abc.Sequence):
        try:
            if isinstance(data, collections.abc.MutableSequence):
                clone = copy.copy(data)
                for i, item in enumerate(data):
                    clone[i] = _pin_memory(item)
                return clone
            return type(data)([_pin_memory(sample) for sample in data])
        except TypeError:
            return [_pin_memory(sample) for sample in data]
    if hasattr(data, "pin_memory"):
        return data.pin_memory()
    return data


class _SingleProcessDataLoaderIter:
    def __init__(self, loader):
        self._dataset = loader.dataset
        self._auto_collation = loader._auto_collation
        self._drop_last = loader.drop_last
        self._index_sampler = loader._index_sampler
        self._num_workers = loader.num_workers
        self._collate_fn = loader.collate_fn
        self._sampler_iter = iter(self._index_sampler)
        self._base_seed = torch.empty((), dtype=torch.int64).random_(generator=loader.generator).item()
        self._num_yielded = 0
        self._loader = loader
        # PyTorch's _BaseDataLoaderIter: batches are pinned only where an accelerator exists
        if loader.pin_memory and loader.pin_memory_device:
            warnings.warn("pin_memory_device is deprecated, the current accelerator will be used as the device,"
                          f"ignore pin_memory_device='{loader.pin_memory_device}'.")
        if loader.pin_memory and not torch.accelerator.is_available():
            warnings.warn("'pin_memory' argument is set as true but no accelerator is found, "
                          "then device pinned memory won't be used.")
        self._pin_memory = loader.pin_memory and torch.accelerator.is_available()
        if loader._is_iterable:
            self._fetcher = _IterableFetcher(self._dataset, self._auto_collation, self._collate_fn, self._drop_last)
        else:
            self._fetcher = _MapFetcher(self._dataset, self._auto_collation, self._collate_fn, self._drop_last)

    def __iter__(self):
        return self

    def __next__(self):
        index = next(self._sampler_iter)
        data = self._fetcher.fetch(index)
        if self._pin_memory:
            data = _pin_memory(data)
        self._num_yielded += 1
        return data

    def __len__(self):
        return len(self._loader)


def _check_multiprocessing_context(context, num_workers):
    # DataLoader.multiprocessing_context's setter: a start method's name or a context object, and only
    # with num_workers > 0 (Kiln keeps it: batches load in the main process either way).
    if context is None:
        return None
    if num_workers <= 0:
        raise ValueError("multiprocessing_context can only be used with multi-process loading (num_workers > 0), "
                         f"but got num_workers={num_workers}")
    import multiprocessing
    if isinstance(context, str):
        valid = multiprocessing.get_all_start_methods()
        if context not in valid:
            raise ValueError(f"multiprocessing_context option should specify a valid start method in {valid!r}, "
                             f"but got multiprocessing_context={context!r}")
        context = multiprocessing.get_context(context)
    if not isinstance(context, multiprocessing.BaseContext):
        raise TypeError("multiprocessing_context option should be a valid context object or a string specifying the "
                        f"start method, but got multiprocessing_context={context}")
    return context


class DataLoader(Generic[T_co]):
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing."
                             "let num_workers > 0 to enable multiprocessing, otherwise set prefetch_factor to None.")
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        if num_workers > 0 and not _workers_noted[0]:
            _workers_noted[0] = True
            warnings.warn(f"DataLoader(num_workers={num_workers}): Kiln has no worker processes; batches are "
                          "loaded in the main process, in the same order")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = _check_multiprocessing_context(multiprocessing_context, num_workers)
        self.persistent_workers = persistent_workers
        self.in_order = in_order
        self._is_iterable = isinstance(dataset, IterableDataset)
        if self._is_iterable:
            if shuffle not in (False, None):
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle={shuffle}")
            if sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified sampler option, but got sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, but got "
                                 f"batch_sampler={batch_sampler}")
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None:
            if drop_last:
                raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        if sampler is None:
            if self._is_iterable:
                sampler = _InfiniteConstantSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=generator)
            else:
                sampler = SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        self.collate_fn = collate_fn
        self.__initialized = True

    __initialized = False

    # PyTorch's guard: these fix how the loader batches, so they are set only by __init__.
    def __setattr__(self, attr, val):
        if self.__initialized and attr in ("batch_size", "batch_sampler", "sampler", "drop_last", "dataset",
                                           "persistent_workers"):
            raise ValueError(f"{attr} attribute should not be set after {self.__class__.__name__} is initialized")
        super().__setattr__(attr, val)

    @property
    def _auto_collation(self):
        return self.batch_sampler is not None

    @property
    def _index_sampler(self):
        if self._auto_collation:
            return self.batch_sampler
        return self.sampler

    def __iter__(self):
        return _SingleProcessDataLoaderIter(self)

    def __len__(self):
        if self._is_iterable:
            length = len(self.dataset)
            if self.batch_size is not None:
                if self.drop_last:
                    length = length // self.batch_size
                else:
                    length = -(-length // self.batch_size)
            return length
        return len(self._index_sampler)
