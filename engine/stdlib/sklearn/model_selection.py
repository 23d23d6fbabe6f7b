# sklearn.model_selection for Kiln: train_test_split with scikit-learn 1.9's ShuffleSplit and
# StratifiedShuffleSplit index draws (one permutation; per class permutations after the approximate
# mode), so a random_state gives its split. KFold / StratifiedKFold split in order (shuffle draws one
# permutation, as scikit-learn's; StratifiedKFold shuffles each class's fold labels). Searches (GridSearchCV, cross_val_score) need estimators: left out.
import math
import numbers

import numpy as np

from sklearn.utils import check_random_state, _num_samples, _safe_indexing, check_consistent_length


class InvalidParameterError(ValueError, TypeError):
    # sklearn.utils._param_validation's error for a parameter outside its declared constraints
    pass


def _kind(v):
    if v is None:
        return None
    if isinstance(v, bool):
        return "b"
    if isinstance(v, int) or (hasattr(v, "dtype") and v.dtype.kind in "iu"):
        return "i"
    if isinstance(v, float) or (hasattr(v, "dtype") and v.dtype.kind == "f"):
        return "f"
    return "?"


def _validate_shuffle_split(n_samples, test_size, train_size, default_test_size=None):
    if test_size is None and train_size is None:
        test_size = default_test_size
    tk, rk = _kind(test_size), _kind(train_size)
    if (tk == "i" and (test_size >= n_samples or test_size <= 0)) or (tk == "f" and (test_size <= 0 or test_size >= 1)):
        raise ValueError(f"test_size={test_size} should be either positive and smaller than the number of samples "
                         f"{n_samples} or a float in the (0, 1) range")
    if (rk == "i" and (train_size >= n_samples or train_size <= 0)) or (rk == "f" and (train_size <= 0 or train_size >= 1)):
        raise ValueError(f"train_size={train_size} should be either positive and smaller than the number of samples "
                         f"{n_samples} or a float in the (0, 1) range")
    if train_size is not None and rk not in ("i", "f"):
        raise ValueError(f"Invalid value for train_size: {train_size}")
    if test_size is not None and tk not in ("i", "f"):
        raise ValueError(f"Invalid value for test_size: {test_size}")
    if tk == "f" and rk == "f" and train_size + test_size > 1:
        raise ValueError(f"The sum of test_size and train_size = {train_size + test_size}, should be in the (0, 1) "
                         "range. Reduce test_size and/or train_size.")
    n_test = math.ceil(test_size * n_samples) if tk == "f" else (float(test_size) if tk == "i" else None)
    n_train = math.floor(train_size * n_samples) if rk == "f" else (float(train_size) if rk == "i" else None)
    if train_size is None:
        n_train = n_samples - n_test
    elif test_size is None:
        n_test = n_samples - n_train
    if n_train + n_test > n_samples:
        raise ValueError("The sum of train_size and test_size = %d, should be smaller than the number of samples %d. "
                         "Reduce test_size and/or train_size." % (n_train + n_test, n_samples))
    n_train, n_test = int(n_train), int(n_test)
    if n_train == 0:
        raise ValueError(f"With n_samples={n_samples}, test_size={test_size} and train_size={train_size}, the "
                         "resulting train set will be empty. Adjust any of the aforementioned parameters.")
    return n_train, n_test


def _approximate_mode(class_counts, n_draws, rng):
    # the most likely draw counts per class: the floored shares, then the largest remainders, ties broken
    # by RandomState.choice without replacement (a permutation's head)
    continuous = class_counts / class_counts.sum() * n_draws
    floored = np.floor(continuous)
    need_to_add = int(n_draws - floored.sum())
    if need_to_add > 0:
        remainder = continuous - floored
        values = np.sort(np.unique(remainder))[::-1]
        for value in values:
            (inds,) = np.where(remainder == value)
            add_now = min(len(inds), need_to_add)
            inds = inds[rng.permutation(len(inds))[:add_now]]
            floored[inds] += 1
            need_to_add -= add_now
            if need_to_add == 0:
                break
    return floored.astype(int)


class ShuffleSplit:
    def __init__(self, n_splits=10, *, test_size=None, train_size=None, random_state=None):
        self.n_splits = n_splits
        self.test_size = test_size
        self.train_size = train_size
        self.random_state = random_state
        self._default_test_size = 0.1

    def get_n_splits(self, X=None, y=None, groups=None):
        return self.n_splits

    def split(self, X, y=None, groups=None):
        n_samples = _num_samples(X)
        n_train, n_test = _validate_shuffle_split(n_samples, self.test_size, self.train_size, self._default_test_size)
        rng = check_random_state(self.random_state)
        for _ in range(self.n_splits):
            yield self._indices(rng, n_samples, n_train, n_test, y)

    def _indices(self, rng, n_samples, n_train, n_test, y):
        permutation = rng.permutation(n_samples)
        return permutation[n_test:n_test + n_train], permutation[:n_test]


class StratifiedShuffleSplit(ShuffleSplit):
    def split(self, X, y, groups=None):
        n_samples = _num_samples(X)
        y = np.asarray(y)
        n_train, n_test = _validate_shuffle_split(n_samples, self.test_size, self.train_size, self._default_test_size)
        if y.ndim == 2:
            y = np.array([" ".join(str(v) for v in row) for row in y.tolist()])
        classes, y_indices = np.unique(y, return_inverse=True)
        n_classes = classes.shape[0]
        class_counts = np.bincount(y_indices)
        if np.min(class_counts) < 2:
            raise ValueError("The least populated class in y has only 1 member, which is too few. The minimum number "
                             "of groups for any class cannot be less than 2.")
        if n_train < n_classes:
            raise ValueError("The train_size = %d should be greater or equal to the number of classes = %d"
                             % (n_train, n_classes))
        if n_test < n_classes:
            raise ValueError("The test_size = %d should be greater or equal to the number of classes = %d"
                             % (n_test, n_classes))
        # each class's rows in order (a stable sort of the class indices)
        order = np.argsort(y_indices, kind="mergesort")
        bounds = np.cumsum(class_counts).tolist()
        class_indices = [order[(bounds[i - 1] if i else 0):bounds[i]] for i in range(n_classes)]
        rng = check_random_state(self.random_state)
        for _ in range(self.n_splits):
            n_i = _approximate_mode(class_counts, n_train, rng)
            t_i = _approximate_mode(class_counts - n_i, n_test, rng)
            train = []
            test = []
            for i in range(n_classes):
                perm = class_indices[i][rng.permutation(int(class_counts[i]))].tolist()
                train.extend(perm[:int(n_i[i])])
                test.extend(perm[int(n_i[i]):int(n_i[i]) + int(t_i[i])])
            yield rng.permutation(np.array(train, dtype=np.int64)), rng.permutation(np.array(test, dtype=np.int64))


def train_test_split(*arrays, test_size=None, train_size=None, random_state=None, shuffle=True, stratify=None):
    for name, v in (("test_size", test_size), ("train_size", train_size)):
        # validate_params: a float in (0, 1), an int >= 1 or None (InvalidParameterError is a ValueError)
        ok = v is None or (isinstance(v, numbers.Integral) and v >= 1) or \
            (isinstance(v, numbers.Real) and not isinstance(v, numbers.Integral) and 0 < v < 1)
        if not ok:
            raise InvalidParameterError(f"The {name!r} parameter of train_test_split must be a float in the range "
                                        f"(0.0, 1.0), an int in the range [1, inf) or None. Got {v!r} instead.")
    if len(arrays) == 0:
        raise ValueError("At least one array required as input")
    check_consistent_length(*arrays)
    n_samples = _num_samples(arrays[0])
    n_train, n_test = _validate_shuffle_split(n_samples, test_size, train_size, default_test_size=0.25)
    if shuffle is False:
        if stratify is not None:
            raise ValueError("Stratified train/test split is not implemented for shuffle=False")
        train = np.arange(n_train)
        test = np.arange(n_train, n_train + n_test)
    else:
        cls = StratifiedShuffleSplit if stratify is not None else ShuffleSplit
        cv = cls(test_size=n_test, train_size=n_train, random_state=random_state)
        train, test = next(cv.split(X=arrays[0], y=stratify))
    out = []
    for a in arrays:
        out.append(_safe_indexing(a, train))
        out.append(_safe_indexing(a, test))
    return out


class KFold:
    def __init__(self, n_splits=5, *, shuffle=False, random_state=None):
        if n_splits < 2:
            raise ValueError(f"k-fold cross-validation requires at least one train/test split by setting n_splits=2 "
                             f"or more, got n_splits={n_splits}.")
        if not shuffle and random_state is not None:
            raise ValueError("Setting a random_state has no effect since shuffle is False. You should leave "
                             "random_state to its default (None), or set shuffle=True.")
        self.n_splits = n_splits
        self.shuffle = shuffle
        self.random_state = random_state

    def get_n_splits(self, X=None, y=None, groups=None):
        return self.n_splits

    def split(self, X, y=None, groups=None):
        n_samples = _num_samples(X)
        if self.n_splits > n_samples:
            raise ValueError(f"Cannot have number of splits n_splits={self.n_splits} greater than the number of "
                             f"samples: n_samples={n_samples}.")
        indices = np.arange(n_samples)
        if self.shuffle:
            check_random_state(self.random_state).shuffle(indices)
        sizes = [n_samples // self.n_splits + (1 if i < n_samples % self.n_splits else 0) for i in range(self.n_splits)]
        # the fold's rows as a mask over arange: train and test come back sorted, shuffled or not
        current = 0
        for size in sizes:
            test_mask = np.zeros(n_samples, dtype=bool)
            test_mask[indices[current:current + size]] = True
            everything = np.arange(n_samples)
            yield everything[np.logical_not(test_mask)], everything[test_mask]
            current += size


class StratifiedKFold(KFold):
    # scikit-learn's StratifiedKFold._make_test_folds: classes encoded in order of first appearance,
    # each fold's per-class count from a round robin over the sorted codes, every class's fold labels
    # laid out in blocks (arange(n_splits).repeat(counts)) and, with shuffle, permuted by one
    # rng.shuffle per class from a single RandomState, so a random_state gives scikit-learn's folds.
    def split(self, X, y, groups=None):
        n_samples = _num_samples(X)
        if self.n_splits > n_samples:
            raise ValueError(f"Cannot have number of splits n_splits={self.n_splits} greater than the number of "
                             f"samples: n_samples={n_samples}.")
        check_consistent_length(X, y)
        test_folds = self._make_test_folds(y)
        everything = np.arange(n_samples)
        for i in range(self.n_splits):
            test_mask = test_folds == i
            yield everything[np.logical_not(test_mask)], everything[test_mask]

    def _make_test_folds(self, y):
        rng = check_random_state(self.random_state)
        if hasattr(y, "detach"):
            y = y.detach().cpu().numpy()
        y = np.asarray(y)
        if y.ndim == 2 and y.shape[1] == 1:
            y = y.ravel()
        if y.ndim != 1 or (y.dtype.kind == "f" and np.any(y != np.round(y))):
            kind = "continuous" if y.ndim == 1 else "multilabel-indicator"
            raise ValueError(f"Supported target types are: ('binary', 'multiclass'). Got '{kind}' instead.")
        _, y_idx, y_inv = np.unique(y, return_index=True, return_inverse=True)
        _, class_perm = np.unique(y_idx, return_inverse=True)
        y_encoded = class_perm[y_inv]
        n_classes = len(y_idx)
        y_counts = np.bincount(y_encoded)
        min_groups = np.min(y_counts)
        if np.all(self.n_splits > y_counts):
            raise ValueError("n_splits=%d cannot be greater than the number of members in each class."
                             % (self.n_splits))
        if self.n_splits > min_groups:
            import warnings
            warnings.warn("The least populated class in y has only %d members, which is less than n_splits=%d."
                          % (min_groups, self.n_splits), UserWarning)
        y_order = np.sort(y_encoded)
        allocation = np.asarray([np.bincount(y_order[i::self.n_splits], minlength=n_classes)
                                 for i in range(self.n_splits)])
        test_folds = np.empty(len(y), dtype="i")
        for k in range(n_classes):
            folds_for_class = np.arange(self.n_splits).repeat(allocation[:, k])
            if self.shuffle:
                rng.shuffle(folds_for_class)
            test_folds[y_encoded == k] = folds_for_class
        return test_folds


class TimeSeriesSplit:
    # scikit-learn's TimeSeriesSplit: n_splits + 1 folds of n_samples // (n_splits + 1) rows, each
    # test block after its (optionally capped, gapped) training prefix
    def __init__(self, n_splits=5, *, max_train_size=None, test_size=None, gap=0):
        if n_splits < 2:
            raise ValueError(f"k-fold cross-validation requires at least one train/test split by setting n_splits=2 "
                             f"or more, got n_splits={n_splits}.")
        self.n_splits = n_splits
        self.max_train_size = max_train_size
        self.test_size = test_size
        self.gap = gap

    def get_n_splits(self, X=None, y=None, groups=None):
        return self.n_splits

    def split(self, X, y=None, groups=None):
        n_samples = _num_samples(X)
        n_splits = self.n_splits
        n_folds = n_splits + 1
        gap = self.gap
        test_size = self.test_size if self.test_size is not None else n_samples // n_folds
        if n_folds > n_samples:
            raise ValueError(f"Cannot have number of folds={n_folds} greater than the number of samples={n_samples}.")
        if n_samples - gap - (test_size * n_splits) <= 0:
            raise ValueError(f"Too many splits={n_splits} for number of samples={n_samples} with "
                             f"test_size={test_size} and gap={gap}.")
        indices = np.arange(n_samples)
        for test_start in range(n_samples - n_splits * test_size, n_samples, test_size):
            train_end = test_start - gap
            if self.max_train_size and self.max_train_size < train_end:
                yield indices[train_end - self.max_train_size:train_end], indices[test_start:test_start + test_size]
            else:
                yield indices[:train_end], indices[test_start:test_start + test_size]
