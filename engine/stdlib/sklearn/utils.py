# sklearn.utils for Kiln: check_random_state, shuffle / resample and the row indexing the other modules
# share (_safe_indexing: arrays and tensors by an index array, lists item by item).
import numbers

import numpy as np


def check_random_state(seed):
    if seed is None or seed is np.random:
        return np.random  # the global RandomState: np.random's functions draw from it
    if isinstance(seed, numbers.Integral):
        return np.random.RandomState(seed)
    if isinstance(seed, np.random.RandomState):
        return seed
    raise ValueError(f"{seed!r} cannot be used to seed a numpy.random.RandomState instance")


def _num_samples(x):
    if hasattr(x, "shape") and len(x.shape) > 0:
        return int(x.shape[0])
    if not hasattr(x, "__len__"):
        raise TypeError(f"Expected sequence or array-like, got {type(x)}")
    return len(x)


def check_consistent_length(*arrays):
    lengths = [_num_samples(x) for x in arrays if x is not None]
    if len(set(lengths)) > 1:
        raise ValueError("Found input variables with inconsistent numbers of samples: %r" % [int(n) for n in lengths])


def _safe_indexing(x, indices):
    if hasattr(x, "shape"):
        return x[indices]
    return [x[int(i)] for i in indices]


def resample(*arrays, replace=True, n_samples=None, random_state=None, stratify=None):
    if stratify is not None:
        raise NotImplementedError("sklearn.utils.resample(stratify=...) is not provided by Kiln")
    max_n_samples = n_samples
    random_state = check_random_state(random_state)
    if len(arrays) == 0:
        return None
    n_samples = _num_samples(arrays[0])
    if max_n_samples is None:
        max_n_samples = n_samples
    elif max_n_samples > n_samples and not replace:
        raise ValueError(f"Cannot sample {max_n_samples} out of arrays with dim {n_samples} when replace is False")
    check_consistent_length(*arrays)
    if replace:
        indices = random_state.randint(0, n_samples, size=(max_n_samples,))
    else:
        indices = np.arange(n_samples)
        random_state.shuffle(indices)
        indices = indices[:max_n_samples]
    out = [_safe_indexing(a, indices) for a in arrays]
    return out[0] if len(out) == 1 else out


def shuffle(*arrays, random_state=None, n_samples=None):
    return resample(*arrays, replace=False, n_samples=n_samples, random_state=random_state)
