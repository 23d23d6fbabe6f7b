# sklearn.preprocessing for Kiln: StandardScaler (scikit-learn's corrected two-pass mean and variance,
# float64 accumulation), MinMaxScaler, LabelEncoder and OneHotEncoder (dense output, or a small CSR
# stand-in with toarray() for the default sparse_output=True), with scikit-learn's attributes (mean_,
# scale_, classes_, categories_, ...). Estimators' partial_fit over several batches, sample weights and
# NaN-skipping statistics are left out.
import numpy as np

_EPS = 2.220446049250313e-16  # np.finfo(np.float64).eps


def _as_float_2d(X, copy):
    a = np.asarray(X)
    if a.ndim != 2:
        raise ValueError(f"Expected a 2-dimensional container but got {type(X).__name__} instead. Pass a DataFrame "
                         "containing a single row (i.e. single sample) or a single column (i.e. single feature) "
                         "instead." if a.ndim < 2 else f"Found array with dim {a.ndim}. expected <= 2.")
    if a.dtype != np.float32 and a.dtype != np.float64:
        return a.astype(np.float64)
    return a.copy() if copy else a


class _Base:
    def fit_transform(self, X, y=None):
        return self.fit(X, y).transform(X)

    def _check_n_features(self, X):
        if X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, but {type(self).__name__} is expecting "
                             f"{self.n_features_in_} features as input.")

    def get_params(self, deep=True):
        return {k: v for k, v in vars(self).items() if not k.endswith("_")}

    def __repr__(self):
        return f"{type(self).__name__}()"


class StandardScaler(_Base):
    def __init__(self, *, copy=True, with_mean=True, with_std=True):
        self.copy = copy
        self.with_mean = with_mean
        self.with_std = with_std

    def fit(self, X, y=None, sample_weight=None):
        if sample_weight is not None:
            raise NotImplementedError("StandardScaler.fit(sample_weight=...) is not provided by Kiln")
        X = _as_float_2d(X, False)
        n = X.shape[0]
        self.n_features_in_ = X.shape[1]
        # _incremental_mean_and_var counts the non-NaN entries in X's float dtype: a float count
        self.n_samples_seen_ = np.float64(n)
        if not (self.with_mean or self.with_std):
            self.mean_ = None
            self.var_ = None
            self.scale_ = None
            return self
        # _incremental_mean_and_var from zero: sums in float64, then the corrected two-pass variance
        new_sum = np.sum(X, axis=0, dtype=np.float64)
        self.mean_ = new_sum / n
        if self.with_std:
            temp = X - new_sum / n
            correction = np.sum(temp, axis=0, dtype=np.float64)
            temp **= 2
            unnormalized = np.sum(temp, axis=0, dtype=np.float64)
            unnormalized -= correction ** 2 / n
            self.var_ = unnormalized / n
            # _is_constant_feature: a variance within rounding of zero gives scale 1
            constant = self.var_ <= n * _EPS * self.var_ + (n * self.mean_ * _EPS) ** 2
            scale = np.sqrt(self.var_)
            scale[constant] = 1.0
            self.scale_ = scale
        else:
            self.var_ = None
            self.scale_ = None
        return self

    def partial_fit(self, X, y=None, sample_weight=None):
        if hasattr(self, "n_samples_seen_"):
            raise NotImplementedError("StandardScaler.partial_fit over several batches is not provided by Kiln")
        return self.fit(X, y, sample_weight)

    def transform(self, X, copy=None):
        X = _as_float_2d(X, self.copy if copy is None else copy)
        self._check_n_features(X)
        if self.with_mean:
            X -= self.mean_
        if self.with_std:
            X /= self.scale_
        return X

    def inverse_transform(self, X, copy=None):
        X = _as_float_2d(X, self.copy if copy is None else copy)
        if self.with_std:
            X *= self.scale_
        if self.with_mean:
            X += self.mean_
        return X


class MinMaxScaler(_Base):
    def __init__(self, feature_range=(0, 1), *, copy=True, clip=False):
        self.feature_range = feature_range
        self.copy = copy
        self.clip = clip

    def fit(self, X, y=None):
        lo, hi = self.feature_range
        if lo >= hi:
            raise ValueError(f"Minimum of desired feature range must be smaller than maximum. Got {self.feature_range}.")
        X = _as_float_2d(X, False)
        self.n_features_in_ = X.shape[1]
        self.n_samples_seen_ = X.shape[0]
        data_min = np.min(X, axis=0)
        data_max = np.max(X, axis=0)
        data_range = data_max - data_min
        # _handle_zeros_in_scale: ranges below 10 eps divide by 1
        safe = data_range.copy()
        safe[safe < 10 * np.finfo(safe.dtype).eps] = 1.0
        self.scale_ = (hi - lo) / safe
        self.min_ = lo - data_min * self.scale_
        self.data_min_ = data_min
        self.data_max_ = data_max
        self.data_range_ = data_range
        return self

    def transform(self, X):
        X = _as_float_2d(X, self.copy)
        self._check_n_features(X)
        X *= self.scale_
        X += self.min_
        if self.clip:
            np.clip(X, self.feature_range[0], self.feature_range[1], out=X)
        return X

    def inverse_transform(self, X):
        X = _as_float_2d(X, self.copy)
        X -= self.min_
        X /= self.scale_
        return X


def _column(y):
    a = np.asarray(y)
    if a.ndim == 2 and a.shape[1] == 1:
        a = a.ravel()
    if a.ndim != 1:
        raise ValueError(f"y should be a 1d array, got an array of shape {a.shape} instead.")
    return a


class LabelEncoder(_Base):
    def fit(self, y):
        self.classes_ = np.unique(_column(y))
        return self

    def fit_transform(self, y):
        self.classes_, codes = np.unique(_column(y), return_inverse=True)
        return codes

    def transform(self, y):
        y = _column(y)
        if len(y) == 0:
            return np.array([], dtype=np.int64)
        known = set(self.classes_.tolist())
        # _check_unknown's list of the unseen values as NumPy scalars ([np.int64(2)], [np.str_('x')])
        values = np.unique(y)
        unseen = [values[i] for i, v in enumerate(values.tolist()) if v not in known]
        if unseen:
            raise ValueError(f"y contains previously unseen labels: {unseen}")
        table = {v: i for i, v in enumerate(self.classes_.tolist())}
        return np.array([table[v] for v in y.tolist()], dtype=np.int64)

    def inverse_transform(self, y):
        y = _column(y)
        if len(y) == 0:
            return np.array([])
        bad = [v for v in np.unique(y).tolist() if not 0 <= v < len(self.classes_)]
        if bad:
            raise ValueError(f"y contains previously unseen labels: {bad}")
        return self.classes_[np.asarray(y, dtype=np.int64)]


class _CSR:
    # what OneHotEncoder's default sparse output offers dense code: its shape and toarray()
    def __init__(self, dense):
        self._dense = dense
        self.shape = dense.shape
        self.nnz = int(np.count_nonzero(dense))

    def toarray(self):
        return self._dense.copy()

    def todense(self):
        return self._dense.copy()


class OneHotEncoder(_Base):
    def __init__(self, *, categories="auto", drop=None, sparse_output=True, dtype=np.float64,
                 handle_unknown="error"):
        if drop is not None:
            raise NotImplementedError("OneHotEncoder(drop=...) is not provided by Kiln")
        self.categories = categories
        self.drop = drop
        self.sparse_output = sparse_output
        self.dtype = dtype
        self.handle_unknown = handle_unknown

    def _columns(self, X):
        a = np.asarray(X)
        if a.ndim != 2:
            raise ValueError("Expected 2D array, got 1D array instead:\narray=" + str(a) + ".\nReshape your data "
                             "either using array.reshape(-1, 1) if your data has a single feature or "
                             "array.reshape(1, -1) if it contains a single sample.")
        return [a[:, j] for j in range(a.shape[1])]

    def fit(self, X, y=None):
        cols = self._columns(X)
        if self.categories == "auto":
            self.categories_ = [np.unique(c) for c in cols]
        else:
            self.categories_ = [np.array(c) for c in self.categories]
        self.n_features_in_ = len(cols)
        return self

    def transform(self, X):
        cols = self._columns(X)
        n = len(cols[0]) if cols else 0
        blocks = []
        for j, c in enumerate(cols):
            cats = self.categories_[j].tolist()
            table = {v: i for i, v in enumerate(cats)}
            block = np.zeros((n, len(cats)), dtype=self.dtype)
            for r, v in enumerate(c.tolist()):
                if v not in table:
                    if self.handle_unknown == "error":
                        raise ValueError(f"Found unknown categories [{v!r}] in column {j} during transform")
                    continue
                block[r, table[v]] = 1
            blocks.append(block)
        out = np.hstack(blocks) if blocks else np.zeros((n, 0), dtype=self.dtype)
        return _CSR(out) if self.sparse_output else out

    def inverse_transform(self, X):
        X = X.toarray() if isinstance(X, _CSR) else np.asarray(X)
        cols = []
        start = 0
        for cats in self.categories_:
            k = len(cats)
            cols.append(cats[np.argmax(X[:, start:start + k], axis=1)])
            start += k
        return np.stack(cols, axis=1)

    def get_feature_names_out(self, input_features=None):
        if input_features is None:
            input_features = [f"x{j}" for j in range(self.n_features_in_)]
        return np.array([f"{input_features[j]}_{v}" for j, cats in enumerate(self.categories_) for v in cats.tolist()],
                        dtype=object)
