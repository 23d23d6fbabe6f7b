# pandas._core for Kiln: Index, Series and DataFrame as pandas 2.x's tutorial-facing behaviour.
# A column is a Python list of Python scalars (NaN as float('nan')) with a dtype name (int64, float64,
# bool, str, object, or an astype target such as float32); dtypes are inferred as pandas 3 infers them
# from Python values: ints with NaN/None become float64, text (with missing cells as NaN) the `str`
# dtype (object under set_option('future.infer_string', False), pandas 2's rule), mixes object. NumPy arrays are made
# on demand (.values / .to_numpy()). Selection ([], loc, iloc, masks), arithmetic and comparisons,
# reductions, missing-value handling, sample (NumPy's RandomState.choice, as pandas draws), sorting,
# one-key groupby, concat, get_dummies, select_dtypes, shift/diff/pct_change, rolling and ewm windows
# (_window.py), where/mask, clip, replace and the common .str methods (_strings.py) are here; MultiIndex,
# datetimes, categoricals, merge/join and pivoting are left out.
import math

import numpy as np

from pandas import _fmt


def _isnan(v):
    return v is None or (isinstance(v, float) and v != v)


def _arraylike(x):
    # an ndarray or tensor, not a NumPy scalar (which has a shape too)
    return hasattr(x, 'shape') and len(x.shape) > 0


def _py(v):
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    if hasattr(v, 'item') and hasattr(v, 'dtype'):
        return v.item()
    return v


INFER_STRING = True


def textual(dt):
    return dt == 'object' or dt == 'str'


class StringDtype:
    # pandas 3's default string dtype as df.dtypes shows it: prints 'str', equals 'str' and str
    name = 'str'

    def __repr__(self):
        return "<StringDtype(na_value=nan)>"

    def __str__(self):
        return 'str'

    def __eq__(self, other):
        return other == 'str' or other is str or isinstance(other, StringDtype)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash('str')


class StringArray:
    # what Series.unique() returns for a str column (pandas 3's ArrowStringArray)
    def __init__(self, vals):
        self._v = vals

    def __len__(self):
        return len(self._v)

    def __iter__(self):
        return iter(self._v)

    def __getitem__(self, i):
        return self._v[i]

    def tolist(self):
        return list(self._v)

    def to_numpy(self):
        return np.array(self._v, dtype=object)

    def __repr__(self):
        items = ', '.join('nan' if _isnan(v) else repr(v) for v in self._v)
        return '<ArrowStringArray>\n[' + items + ']\nLength: ' + str(len(self._v)) + ', dtype: str'


def _np_dtype(dt):
    if dt == 'str':
        return StringDtype()
    return np.dtype(object) if dt == 'object' else np.dtype(dt)


_BOX = {'int64': np.int64, 'float64': np.float64, 'float32': np.float32, 'int32': np.int32, 'bool': np.bool_}


def box(v, dt):
    # a scalar handed to the program: a NumPy scalar of the column's dtype, as pandas returns
    f = _BOX.get(dt)
    if f is None or _isnan(v) and dt != 'float64' and dt != 'float32':
        return v
    return f(v)


def infer_dtype(vals):
    if not vals:
        return 'object'
    if INFER_STRING:
        text = False
        for v in vals:
            if isinstance(v, str):
                text = True
            elif not _isnan(v):
                text = False
                break
        if text:
            return 'str'
    kind = None
    for v in vals:
        if isinstance(v, bool):
            k = 'bool'
        elif isinstance(v, int):
            k = 'int64'
        elif isinstance(v, float) or v is None:
            k = 'float64'
        else:
            return 'object'
        if kind is None or kind == k:
            kind = k
        elif kind in ('int64', 'float64') and k in ('int64', 'float64'):
            kind = 'float64'
        else:
            return 'object'
    return kind


def _clean(vals, dt):
    if dt == 'float64' or dt == 'float32':
        return [float('nan') if v is None else float(v) for v in vals]
    if dt == 'str':
        return [float('nan') if v is None else v for v in vals]
    return vals


def _dtname(t):
    if t is float:
        return 'float64'
    if t is int:
        return 'int64'
    if t is bool:
        return 'bool'
    if t is str or t == 'str':
        return 'str'
    if t is object or t == 'object' or t == 'O':
        return 'object'
    return np.dtype(t).name


def _cast(vals, dt):
    if dt == 'str':
        return [v if _isnan(v) and INFER_STRING else str(v) for v in vals]
    if dt.startswith('float'):
        return [float('nan') if v is None else float(v) for v in vals]
    if dt.startswith('int') or dt.startswith('uint'):
        out = []
        for v in vals:
            if _isnan(v) or (isinstance(v, float) and math.isinf(v)):
                raise ValueError('Cannot convert non-finite values (NA or inf) to integer')
            out.append(int(v))
        return out
    if dt == 'bool':
        return [bool(v) for v in vals]
    return list(vals)


_NP = {'int64': 'int64', 'float64': 'float64', 'float32': 'float32', 'int32': 'int32', 'bool': 'bool',
       'int8': 'int8', 'int16': 'int16', 'uint8': 'uint8', 'float16': 'float16'}


def to_array(vals, dt):
    if dt in _NP:
        return np.array(vals, dtype=_NP[dt])
    return np.array(vals, dtype=object)


def _common_dtype(dts):
    s = set(dts)
    if len(s) == 1:
        return dts[0]
    if 'object' in s or 'bool' in s or 'str' in s:
        return 'object'
    return 'float64'


def _as_list(x):
    if isinstance(x, Series):
        return list(x._v)
    if isinstance(x, Index):
        return list(x._labels)
    if hasattr(x, 'tolist'):
        return x.tolist()
    return [_py(v) for v in x]


class Index:
    def __init__(self, data=None, name=None, dtype=None):
        if isinstance(data, Index):
            data = data._labels
        self._labels = [] if data is None else _as_list(data)
        self._range = None
        self.name = name
        self._pos = None

    @staticmethod
    def _rng(n):
        ix = Index(list(range(n)))
        ix._range = (0, n, 1)
        return ix

    @property
    def dtype(self):
        d = infer_dtype(self._labels)
        return 'int64' if self._range is not None else d

    def get_loc(self, key):
        if self._pos is None:
            self._pos = {}
            for i, k in enumerate(self._labels):
                if k not in self._pos:
                    self._pos[k] = i
        if key not in self._pos:
            raise KeyError(key)
        return self._pos[key]

    def __len__(self):
        return len(self._labels)

    def __iter__(self):
        return iter(self._labels)

    def __contains__(self, k):
        return k in self._labels

    def __getitem__(self, i):
        if isinstance(i, int):
            return self._labels[i]
        if isinstance(i, slice):
            return Index(self._labels[i], name=self.name)
        return Index([self._labels[j] for j in _positions(i, len(self._labels))], name=self.name)

    def __eq__(self, other):
        return np.array([x == other for x in self._labels])

    def tolist(self):
        return list(self._labels)

    to_list = tolist

    @property
    def values(self):
        return to_array(self._labels, self.dtype)

    def to_numpy(self):
        return self.values

    def __repr__(self):
        return _fmt.index_repr(self)

    @property
    def size(self):
        return len(self._labels)

    @property
    def shape(self):
        return (len(self._labels),)


def _take_index(ix, pos, sliced=False):
    # pandas 3 keeps a RangeIndex when the rows taken from one are an arithmetic progression (head,
    # tail, slices, and masks or samples that happen to be evenly spaced); other takes give an Index
    out = Index([ix._labels[i] for i in pos], name=ix.name)
    if ix._range is not None:
        a, b, c = ix._range
        labels = out._labels
        if not labels:
            out._range = (0, 0, 1)
        elif len(labels) == 1:
            out._range = (labels[0], labels[0] + 1, 1)
        else:
            step = labels[1] - labels[0]
            if step != 0 and all(labels[k + 1] - labels[k] == step for k in range(len(labels) - 1)):
                out._range = (labels[0], labels[0] + step * len(labels), step)
    return out


def _positions(key, n):
    # integer positions from a list/array of ints or a boolean mask
    vals = _as_list(key)
    if vals and all(isinstance(v, bool) for v in vals):
        if len(vals) != n:
            raise IndexError('Boolean index has wrong length: ' + str(len(vals)) + ' instead of ' + str(n))
        return [i for i, b in enumerate(vals) if b]
    return [v + n if v < 0 else v for v in vals]


def _ensure_index(index, n):
    if index is None:
        return Index._rng(n)
    ix = index if isinstance(index, Index) else Index(index)
    if len(ix) != n:
        raise ValueError('Length of values (' + str(n) + ') does not match length of index (' + str(len(ix)) + ')')
    return ix


def _binop(a, b, op):
    if a is None or b is None or _isnan(a) or _isnan(b):
        if op in ('eq', 'lt', 'gt', 'le', 'ge'):
            return False
        if op == 'ne':
            return True
        if op not in ('and', 'or'):
            return float('nan')
    if op == 'add':
        return a + b
    if op == 'sub':
        return a - b
    if op == 'mul':
        return a * b
    if op == 'truediv':
        if b == 0:
            # NumPy's float division: 0/0 is NaN, x/0 an infinity signed by x and the zero's sign
            return float('nan') if a == 0 else math.copysign(float('inf'), a) * math.copysign(1.0, b)
        return a / b
    if op == 'floordiv':
        return a // b
    if op == 'mod':
        return a % b
    if op == 'pow':
        return a ** b
    if op == 'eq':
        return a == b
    if op == 'ne':
        return a != b
    if op == 'lt':
        return a < b
    if op == 'gt':
        return a > b
    if op == 'le':
        return a <= b
    if op == 'ge':
        return a >= b
    if op == 'and':
        return bool(a) and bool(b)
    if op == 'or':
        return bool(a) or bool(b)
    raise TypeError(op)


def _result_dtype(vals, op, dts):
    if op == 'truediv' and not any(textual(d) for d in dts):
        return 'float64'
    d = infer_dtype(vals)
    if d == 'float64' and 'float32' in dts and all(x in ('float32', 'int64', 'int32', 'bool') for x in dts):
        return 'float32'
    return d


class _Ops:
    def __add__(self, o): return self._op(o, 'add')
    def __radd__(self, o): return self._op(o, 'add', True)
    def __sub__(self, o): return self._op(o, 'sub')
    def __rsub__(self, o): return self._op(o, 'sub', True)
    def __mul__(self, o): return self._op(o, 'mul')
    def __rmul__(self, o): return self._op(o, 'mul', True)
    def __truediv__(self, o): return self._op(o, 'truediv')
    def __rtruediv__(self, o): return self._op(o, 'truediv', True)
    def __floordiv__(self, o): return self._op(o, 'floordiv')
    def __mod__(self, o): return self._op(o, 'mod')
    def __pow__(self, o): return self._op(o, 'pow')
    def __eq__(self, o): return self._op(o, 'eq')
    def __ne__(self, o): return self._op(o, 'ne')
    def __lt__(self, o): return self._op(o, 'lt')
    def __gt__(self, o): return self._op(o, 'gt')
    def __le__(self, o): return self._op(o, 'le')
    def __ge__(self, o): return self._op(o, 'ge')
    def __and__(self, o): return self._op(o, 'and')
    def __or__(self, o): return self._op(o, 'or')
    add = __add__
    sub = __sub__
    mul = __mul__
    div = __truediv__


class Series(_Ops):
    def __init__(self, data=None, index=None, dtype=None, name=None):
        if isinstance(data, Series):
            index = data.index if index is None else index
            name = data.name if name is None else name
            vals = list(data._v)
            dt = data._dt
        elif isinstance(data, dict):
            if index is None:
                index = list(data.keys())
                vals = [_py(v) for v in data.values()]
            else:
                index = _as_list(index)
                vals = [_py(data[k]) if k in data else float('nan') for k in index]
            dt = None
        elif data is None:
            vals = []
            dt = 'object' if index is None else 'float64'
        elif isinstance(data, (int, float, str, bool)):
            n = 1 if index is None else len(index)
            vals = [data] * n
            dt = None
        else:
            arr_dt = str(data.dtype) if hasattr(data, 'dtype') and not isinstance(data, Series) else None
            vals = _as_list(data)
            dt = arr_dt if arr_dt in _NP else None
        if dt is None:
            dt = infer_dtype(vals)
            vals = _clean(vals, dt)
        if dtype is not None:
            dt = _dtname(dtype)
            vals = _cast(vals, dt)
            if dt == 'str':
                dt = 'object'
        self._v = vals
        self._dt = dt
        self.index = _ensure_index(index, len(vals))
        self.name = name

    def __getattr__(self, name):
        # pandas' attribute access to index labels (NDFrame.__getattr__): a row from
        # df.iterrows() or df.iloc[i] reads its columns as row.context, row.target
        index = self.__dict__.get('index')
        if not name.startswith('_') and index is not None and name in index:
            return self[name]
        raise AttributeError("'Series' object has no attribute '" + name + "'")

    @staticmethod
    def _make(vals, dt, index, name):
        s = Series.__new__(Series)
        s._v = vals
        s._dt = dt
        s.index = index
        s.name = name
        return s

    def _new(self, vals, dt=None, index=None, name=0):
        if dt is None:
            dt = infer_dtype(vals)
            vals = _clean(vals, dt)
        return Series._make(vals, dt, self.index if index is None else index, self.name if name == 0 else name)

    # --- basic properties
    @property
    def dtype(self):
        return _np_dtype(self._dt)

    @property
    def values(self):
        return to_array(self._v, self._dt)

    def to_numpy(self, dtype=None):
        a = self.values
        return a.astype(dtype) if dtype is not None else a

    def tolist(self):
        return list(self._v)

    to_list = tolist

    @property
    def shape(self):
        return (len(self._v),)

    @property
    def size(self):
        return len(self._v)

    @property
    def empty(self):
        return len(self._v) == 0

    def __len__(self):
        return len(self._v)

    def __iter__(self):
        return iter(self._v)

    def __contains__(self, k):
        return k in self.index._labels

    def __repr__(self):
        return _fmt.series_repr(self)

    def __str__(self):
        return _fmt.series_repr(self)

    def __array__(self, dtype=None):
        return self.values

    def keys(self):
        return self.index

    def items(self):
        return zip(self.index._labels, self._v)

    # --- selection
    def _take(self, pos, sliced=False):
        return Series._make([self._v[i] for i in pos], self._dt, _take_index(self.index, pos, sliced), self.name)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._take(list(range(len(self._v)))[key], True)
        if isinstance(key, (Series, list)) or hasattr(key, 'dtype'):
            vals = _as_list(key)
            if vals and all(isinstance(v, bool) for v in vals):
                return self._take(_positions(vals, len(self._v)))
            return self._take([self.index.get_loc(k) for k in vals])
        key = _py(key)
        if key in self.index._labels:
            return box(self._v[self.index.get_loc(key)], self._dt)
        if isinstance(key, int) and not isinstance(key, bool) and textual(self.index.dtype):
            return box(self._v[key], self._dt)
        raise KeyError(key)

    def __setitem__(self, key, value):
        i = self.index.get_loc(key)
        self._v[i] = value
        self._dt = infer_dtype(self._v) if self._dt != 'object' else 'object'

    @property
    def loc(self):
        return _Loc(self, False)

    @property
    def iloc(self):
        return _Loc(self, True)

    def head(self, n=5):
        return self._take(list(range(len(self._v)))[:n], True)

    def tail(self, n=5):
        return self._take(list(range(len(self._v)))[-n:] if n else [], True)

    # --- element-wise
    def _op(self, other, op, rev=False):
        n = len(self._v)
        if isinstance(other, Series):
            ov, odt = other._v, other._dt
        elif isinstance(other, (list, tuple)) or _arraylike(other):
            ov = _as_list(other)
            odt = infer_dtype(ov)
        else:
            ov, odt = [_py(other)] * n, infer_dtype([_py(other)])
        if len(ov) != n:
            raise ValueError('Lengths must match to compare' if op in ('eq', 'ne', 'lt', 'gt', 'le', 'ge') else 'operands could not be broadcast together')
        if rev:
            vals = [_binop(b, a, op) for a, b in zip(self._v, ov)]
        else:
            vals = [_binop(a, b, op) for a, b in zip(self._v, ov)]
        dt = 'bool' if op in ('eq', 'ne', 'lt', 'gt', 'le', 'ge', 'and', 'or') else _result_dtype(vals, op, [self._dt, odt])
        return self._new(_clean(vals, dt), dt)

    def __neg__(self):
        return self._new([-v for v in self._v], self._dt)

    def __invert__(self):
        return self._new([not v for v in self._v], 'bool')

    def __abs__(self):
        return self._new([abs(v) for v in self._v], self._dt)

    def abs(self):
        return abs(self)

    def round(self, decimals=0):
        return self._new([round(v, decimals) if isinstance(v, float) and v == v else v for v in self._v], self._dt)

    def astype(self, dtype):
        dt = _dtname(dtype)
        vals = _cast(self._v, dt)
        return self._new(vals, 'str' if dt == 'str' and INFER_STRING else 'object' if dt == 'str' else dt)

    def map(self, arg, na_action=None):
        if isinstance(arg, dict):
            vals = [arg[v] if v in arg else float('nan') for v in self._v]
        elif isinstance(arg, Series):
            vals = [arg[v] if v in arg.index._labels else float('nan') for v in self._v]
        else:
            vals = [v if (na_action == 'ignore' and _isnan(v)) else arg(v) for v in self._v]
        return self._new([_py(v) for v in vals])

    def apply(self, func, args=(), **kwargs):
        return self._new([_py(func(v, *args, **kwargs)) for v in self._v])

    def isin(self, values):
        vs = list(values)
        return self._new([v in vs for v in self._v], 'bool')

    def between(self, left, right):
        return self._new([left <= v <= right for v in self._v], 'bool')

    # --- missing values
    def isnull(self):
        return self._new([_isnan(v) for v in self._v], 'bool')

    isna = isnull

    def notnull(self):
        return self._new([not _isnan(v) for v in self._v], 'bool')

    notna = notnull

    def fillna(self, value):
        vals = [value if _isnan(v) else v for v in self._v]
        dt = self._dt if (self._dt == 'object' or infer_dtype([value]) == self._dt) else None
        return self._new(vals, dt)

    def dropna(self):
        return self._take([i for i, v in enumerate(self._v) if not _isnan(v)])

    # --- counting
    def unique(self):
        if self._dt == 'str':
            return StringArray(self._unique())
        return to_array(self._unique(), self._dt)

    def _unique(self):
        seen = []
        got = set()
        nan = False
        for v in self._v:
            if _isnan(v):
                if not nan:
                    nan = True
                    seen.append(v)
            elif v not in got:
                got.add(v)
                seen.append(v)
        return seen

    def nunique(self, dropna=True):
        s = set(v for v in self._v if not _isnan(v))
        return len(s) + (0 if dropna or len(s) == len([v for v in self._v if not _isnan(v)]) and not any(_isnan(v) for v in self._v) else 1)

    def value_counts(self, normalize=False, sort=True, ascending=False, dropna=True):
        counts = {}
        order = []
        for v in self._v:
            if _isnan(v):
                if dropna:
                    continue
                v = float('nan') if self._dt != 'object' else v
                k = '__nan__'
            else:
                k = v
            if k not in counts:
                counts[k] = 0
                order.append((k, v))
            counts[k] += 1
        items = [(v, counts[k]) for k, v in order]
        if sort:
            items = sorted(items, key=lambda kv: kv[1] if ascending else -kv[1])
        total = sum(c for _, c in items)
        vals = [c / total for _, c in items] if normalize else [c for _, c in items]
        return Series._make(vals, 'float64' if normalize else 'int64', Index([k for k, _ in items], name=self.name),
                            'proportion' if normalize else 'count')

    # --- reductions
    def _num(self, skipna=True):
        return [v for v in self._v if not _isnan(v)] if skipna else list(self._v)

    def sum(self):
        vals = self._num()
        if textual(self._dt):
            out = vals[0]
            for v in vals[1:]:
                out = out + v
            return out
        t = sum(vals)
        return box(float(t) if self._dt.startswith('float') else int(t), 'float64' if self._dt.startswith('float') else 'int64')

    def _numeric(self, name):
        if self._dt == 'str':
            raise TypeError("Cannot perform reduction '" + name + "' with string dtype")

    def mean(self):
        self._numeric('mean')
        vals = self._num()
        return np.float64(float(sum(vals)) / len(vals) if vals else float('nan'))

    def median(self):
        return np.float64(_quantile(sorted(self._num()), 0.5))

    def var(self, ddof=1):
        self._numeric('var')
        vals = self._num()
        if len(vals) - ddof <= 0:
            return float('nan')
        m = float(sum(vals)) / len(vals)
        return np.float64(sum((v - m) ** 2 for v in vals) / (len(vals) - ddof))

    def std(self, ddof=1):
        return np.float64(math.sqrt(self.var(ddof)))

    def min(self):
        vals = self._num()
        return box(min(vals), self._dt) if vals else float('nan')

    def max(self):
        vals = self._num()
        return box(max(vals), self._dt) if vals else float('nan')

    def count(self):
        return len(self._num())

    def quantile(self, q=0.5):
        return np.float64(_quantile(sorted(self._num()), q))

    def idxmax(self):
        vals = self._v
        best = None
        for i, v in enumerate(vals):
            if not _isnan(v) and (best is None or v > vals[best]):
                best = i
        return self.index._labels[best]

    def idxmin(self):
        vals = self._v
        best = None
        for i, v in enumerate(vals):
            if not _isnan(v) and (best is None or v < vals[best]):
                best = i
        return self.index._labels[best]

    def any(self):
        return any(self._v)

    def all(self):
        return all(self._v)

    def cumsum(self):
        out = []
        t = 0
        for v in self._v:
            t = t + v
            out.append(t)
        return self._new(out, self._dt)

    # --- reshaping
    def sort_values(self, ascending=True):
        pos = _argsort([self._v], [ascending])
        return self._take(pos)

    def sort_index(self, ascending=True):
        return self._take(_argsort([self.index._labels], [ascending]))

    def reset_index(self, drop=False):
        if drop:
            return Series._make(list(self._v), self._dt, Index._rng(len(self._v)), self.name)
        df = DataFrame({'index' if self.index.name is None else self.index.name: self.index._labels})
        df[0 if self.name is None else self.name] = list(self._v)
        return df

    def sample(self, n=None, frac=None, replace=False, random_state=None):
        return self._take(_sample_pos(len(self._v), n, frac, replace, random_state))

    def copy(self):
        return Series._make(list(self._v), self._dt, self.index, self.name)

    def to_frame(self, name=None):
        return DataFrame({self.name if name is None else name: self}, index=self.index)

    def describe(self):
        return DataFrame({'_': self}).describe()['_'].rename(self.name)

    def rename(self, name):
        return Series._make(self._v, self._dt, self.index, name)

    def to_dict(self):
        return dict(zip(self.index._labels, self._v))

    # --- shifts, differences, windows (time-series features)
    def shift(self, periods=1, fill_value=None):
        n = len(self._v)
        if fill_value is None:
            fill = float('nan')
        else:
            fill = _py(fill_value)
        if periods >= 0:
            vals = [fill] * min(periods, n) + list(self._v[:max(n - periods, 0)])
        else:
            vals = list(self._v[-periods:]) + [fill] * min(-periods, n)
        if fill_value is None and periods != 0 and n:
            # a missing value does not fit an integer or bool column: pandas upcasts
            dt = 'float64' if self._dt.startswith('int') or self._dt.startswith('uint') else \
                'object' if self._dt == 'bool' else self._dt
        else:
            dt = self._dt if fill_value is None or infer_dtype([fill]) == self._dt else None
        return self._new(_clean(vals, dt) if dt is not None else vals, dt)

    def _float_values(self, name):
        if textual(self._dt):
            raise TypeError("unsupported operand type(s) for -: 'str' and 'str'")
        return [float('nan') if _isnan(v) else float(v) for v in self._v]

    def diff(self, periods=1):
        v = self._float_values('diff')
        n = len(v)
        out = [float('nan')] * n
        for i in range(n):
            j = i - periods
            if 0 <= j < n:
                out[i] = v[i] - v[j]
        return self._new(out, 'float64')

    def pct_change(self, periods=1):
        v = self._float_values('pct_change')
        n = len(v)
        out = [float('nan')] * n
        for i in range(n):
            j = i - periods
            if 0 <= j < n:
                a, b = v[i], v[j]
                if b == 0:
                    q = float('nan') if a == 0 or a != a else math.copysign(float('inf'), a) * math.copysign(1.0, b)
                else:
                    q = a / b
                out[i] = q - 1
        return self._new(out, 'float64')

    def rolling(self, window, min_periods=None, center=False):
        from pandas import _window
        return _window.Rolling(self, window, min_periods, center)

    def ewm(self, com=None, span=None, halflife=None, alpha=None, min_periods=0, adjust=True, ignore_na=False):
        from pandas import _window
        return _window.ExponentialMovingWindow(self, com, span, halflife, alpha, min_periods, adjust, ignore_na)

    def where(self, cond, other=float('nan')):
        keep = _as_list(cond(self) if callable(cond) else cond)
        if len(keep) != len(self._v):
            raise ValueError('Array conditional must be same shape as self')
        if isinstance(other, Series) or _arraylike(other) or isinstance(other, (list, tuple)):
            alt = _as_list(other)
        else:
            alt = [_py(other)] * len(self._v)
        out = [v if k else a for v, k, a in zip(self._v, keep, alt)]
        if all(keep):
            return self._new(out, self._dt)
        dt = infer_dtype(out)
        if self._dt == 'float32' and dt == 'float64':
            dt = 'float32'
        return self._new(_clean(out, dt), dt)

    def mask(self, cond, other=float('nan')):
        keep = _as_list(cond(self) if callable(cond) else cond)
        return self.where([not k for k in keep], other)

    def _cum(self, fn):
        out = []
        acc = None
        for v in self._v:
            if _isnan(v):
                out.append(v)
                continue
            acc = v if acc is None else fn(acc, v)
            out.append(acc)
        return self._new(out, self._dt)

    def cumprod(self):
        return self._cum(lambda a, b: a * b)

    def cummax(self):
        return self._cum(max)

    def cummin(self):
        return self._cum(min)

    def clip(self, lower=None, upper=None):
        lower, upper = _py(lower), _py(upper)
        out = []
        for v in self._v:
            if not _isnan(v):
                if lower is not None and not _isnan(lower) and v < lower:
                    v = lower
                if upper is not None and not _isnan(upper) and v > upper:
                    v = upper
            out.append(v)
        dt = self._dt
        if dt.startswith('int') and any(isinstance(b, float) for b in (lower, upper)):
            dt = 'float64'
        if dt.startswith('float'):
            out = [float(v) for v in out]
        return self._new(out, dt)

    def replace(self, to_replace=None, value=None):
        if isinstance(to_replace, dict):
            mapping = {k: v for k, v in to_replace.items()}
        elif isinstance(to_replace, (list, tuple)):
            if isinstance(value, (list, tuple)):
                if len(to_replace) != len(value):
                    raise ValueError(f'Replacement lists must match in length. Expecting {len(to_replace)} got {len(value)} ')
                mapping = dict(zip(to_replace, value))
            else:
                mapping = {k: value for k in to_replace}
        else:
            mapping = {to_replace: value}
        nan_to = None
        for k in list(mapping):
            if _isnan(k):
                nan_to = mapping.pop(k)
        out = []
        changed = False
        for v in self._v:
            if _isnan(v):
                if nan_to is not None:
                    v = nan_to
                    changed = True
            else:
                try:
                    hit = v in mapping
                except TypeError:
                    hit = False
                if hit:
                    v = mapping[v]
                    changed = True
            out.append(_py(v))
        if not changed:
            return self._new(out, self._dt)
        dt = infer_dtype(out)
        if self._dt == 'object' and dt == 'str':
            dt = 'object'
        if self._dt == 'float64' and dt == 'int64':
            dt = 'float64'
        return self._new(_clean(out, dt), dt)

    @property
    def str(self):
        if not textual(self._dt):
            raise AttributeError('Can only use .str accessor with string values!')
        from pandas import _strings
        return _strings.StringMethods(self)


def _quantile(sv, q):
    if not sv:
        return float('nan')
    p = q * (len(sv) - 1)
    lo = int(math.floor(p))
    hi = min(lo + 1, len(sv) - 1)
    return float(sv[lo] + (sv[hi] - sv[lo]) * (p - lo))


def _argsort(keys, ascending):
    # stable sort on several key lists; NaN last as pandas' na_position='last'
    pos = list(range(len(keys[0])))
    for k, asc in reversed(list(zip(keys, ascending))):
        good = [i for i in pos if not _isnan(k[i])]
        bad = [i for i in pos if _isnan(k[i])]
        good = sorted(good, key=lambda i: k[i], reverse=not asc)
        pos = good + bad
    return pos


def _sample_pos(n, size, frac, replace, random_state):
    if size is None:
        size = 1 if frac is None else int(round(frac * n))
    if random_state is None:
        rs = np.random
    elif isinstance(random_state, int):
        rs = np.random.RandomState(random_state)
    else:
        rs = random_state
    return [int(i) for i in rs.choice(n, size=size, replace=replace).tolist()]


class _Loc:
    def __init__(self, obj, by_pos):
        self.obj = obj
        self.by_pos = by_pos

    def _rows(self, key):
        # (positions, scalar?) for a row key
        ix = self.obj.index
        n = len(ix)
        if isinstance(key, slice):
            if self.by_pos:
                return list(range(n))[key], 'slice'
            start = 0 if key.start is None else ix.get_loc(key.start)
            stop = n if key.stop is None else ix.get_loc(key.stop) + 1
            return list(range(start, stop, key.step or 1)), False
        if isinstance(key, (list, Series, Index)) or _arraylike(key):
            vals = _as_list(key)
            if (vals and all(isinstance(v, bool) for v in vals)) or self.by_pos:
                return _positions(vals, n), False
            return [ix.get_loc(k) for k in vals], False
        key = _py(key)
        if self.by_pos:
            if key < -n or key >= n:
                raise IndexError('single positional indexer is out-of-bounds')
            return [key % n], True
        return [ix.get_loc(key)], True

    def __getitem__(self, key):
        obj = self.obj
        if isinstance(obj, Series):
            pos, scalar = self._rows(key)
            return box(obj._v[pos[0]], obj._dt) if scalar is True else obj._take(pos, scalar == 'slice')
        if isinstance(key, tuple):
            rk, ck = key
        else:
            rk, ck = key, slice(None)
        pos, rscalar = self._rows(rk)
        cols, cscalar = obj._col_keys(ck, self.by_pos)
        if rscalar == 'slice':
            if cscalar:
                return obj[cols[0]]._take(pos, True)
            return obj._select(pos, cols, True)
        if rscalar and cscalar:
            return box(obj._data[cols[0]][pos[0]], obj._dtypes[cols[0]])
        if cscalar:
            return obj[cols[0]]._take(pos)
        sub = obj._select(pos, cols)
        if rscalar:
            return sub._row(0)
        return sub

    def __setitem__(self, key, value):
        obj = self.obj
        if isinstance(key, tuple):
            rk, ck = key
        else:
            rk, ck = key, slice(None)
        if isinstance(obj, Series):
            pos, _ = self._rows(rk)
            for i in pos:
                obj._v[i] = value
            obj._dt = infer_dtype(obj._v)
            return
        pos, _ = self._rows(rk)
        if not self.by_pos and not isinstance(ck, (slice, list)) and ck not in obj._data:
            obj[ck] = [float('nan')] * len(obj._index)
        cols, _ = obj._col_keys(ck, self.by_pos)
        for c in cols:
            col = obj._data[c]
            vs = _as_list(value) if isinstance(value, (list, Series)) or _arraylike(value) else [value] * len(pos)
            for i, v in zip(pos, vs):
                col[i] = v
            dt = infer_dtype(col)
            obj._data[c] = _clean(col, dt)
            obj._dtypes[c] = dt


class DataFrame(_Ops):
    def __init__(self, data=None, index=None, columns=None, dtype=None):
        self._data = {}
        self._dtypes = {}
        self._cols = []
        n = None
        if isinstance(data, DataFrame):
            for c in data._cols:
                self._set(c, list(data._data[c]), data._dtypes[c])
            index = data._index if index is None else index
            n = len(data._index)
        elif isinstance(data, dict):
            for c, v in data.items():
                if isinstance(v, Series) and index is None and n is None:
                    index = v.index
                if isinstance(v, (int, float, str, bool)) or v is None:
                    continue
                s = Series(v)
                n = len(s._v)
                self._set(c, s._v, s._dt)
            for c, v in data.items():
                if isinstance(v, (int, float, str, bool)) or v is None:
                    if n is None:
                        n = 1 if index is None else len(index)
                    self._set(c, [v] * n, None)
            self._cols = [c for c in data.keys()]
            if columns is not None:
                self._cols = [c for c in columns if c in self._data]
        elif data is not None:
            if _arraylike(data) and len(data.shape) == 2:
                dt = str(data.dtype)
                rows = data.tolist()
                ncol = data.shape[1]
                names = list(range(ncol)) if columns is None else _as_list(columns)
                for j, c in enumerate(names):
                    self._set(c, [r[j] for r in rows], dt if dt in _NP else None)
                n = data.shape[0]
            else:
                rows = list(data)
                n = len(rows)
                if rows and isinstance(rows[0], dict):
                    names = []
                    for r in rows:
                        for k in r:
                            if k not in names:
                                names.append(k)
                    if columns is not None:
                        names = _as_list(columns)
                    for c in names:
                        self._set(c, [_py(r[c]) if c in r else float('nan') for r in rows], None)
                else:
                    rows = [_as_list(r) if not isinstance(r, (int, float, str)) else [r] for r in rows]
                    ncol = len(rows[0]) if rows else 0
                    names = list(range(ncol)) if columns is None else _as_list(columns)
                    for j, c in enumerate(names):
                        self._set(c, [r[j] for r in rows], None)
        if n is None:
            n = 0 if index is None else len(index)
        if columns is not None and not self._cols:
            for c in _as_list(columns):
                # no data: pandas makes object columns of NaN (`DataFrame(index=keys, columns=cols)`,
                # pytorch-template's MetricTracker), whatever the length
                self._set(c, [float('nan')] * n, 'object' if n == 0 or data is None else None)
        self._index = _ensure_index(index, n)
        if dtype is not None:
            dt = _dtname(dtype)
            for c in self._cols:
                self._data[c] = _cast(self._data[c], dt)
                self._dtypes[c] = dt

    def _set(self, c, vals, dt):
        if dt is None:
            dt = infer_dtype(vals)
            vals = _clean(vals, dt)
        if c not in self._data:
            self._cols.append(c)
        self._data[c] = vals
        self._dtypes[c] = dt

    @staticmethod
    def _from(cols, data, dtypes, index):
        df = DataFrame.__new__(DataFrame)
        df._cols = list(cols)
        df._data = data
        df._dtypes = dtypes
        df._index = index
        return df

    def _select(self, pos, cols, sliced=False):
        data = {}
        for c in cols:
            col = self._data[c]
            data[c] = [col[i] for i in pos]
        ix = _take_index(self._index, pos, sliced)
        return DataFrame._from(cols, data, dict((c, self._dtypes[c]) for c in cols), ix)

    def _row(self, i):
        vals = [self._data[c][i] for c in self._cols]
        dt = _common_dtype([self._dtypes[c] for c in self._cols])
        return Series._make(_cast(vals, dt) if not textual(dt) else vals, dt, Index(list(self._cols)), self._index._labels[i])

    def _col_keys(self, key, by_pos):
        if isinstance(key, slice):
            if by_pos:
                return self._cols[key], False
            start = 0 if key.start is None else self._cols.index(key.start)
            stop = len(self._cols) if key.stop is None else self._cols.index(key.stop) + 1
            return self._cols[start:stop], False
        if isinstance(key, (list, Index, Series)) or _arraylike(key):
            vals = _as_list(key)
            if vals and all(isinstance(v, bool) for v in vals):
                return [c for c, b in zip(self._cols, vals) if b], False
            if by_pos:
                return [self._cols[i] for i in vals], False
            for c in vals:
                if c not in self._data:
                    raise KeyError("['" + str(c) + "'] not in index")
            return vals, False
        if by_pos:
            return [self._cols[key]], True
        if key not in self._data:
            raise KeyError(key)
        return [key], True

    # --- properties
    @property
    def columns(self):
        return Index(list(self._cols))

    @columns.setter
    def columns(self, names):
        names = _as_list(names)
        if len(names) != len(self._cols):
            raise ValueError('Length mismatch: Expected axis has ' + str(len(self._cols)) + ' elements, new values have ' + str(len(names)) + ' elements')
        self._data = dict((n, self._data[c]) for n, c in zip(names, self._cols))
        self._dtypes = dict((n, self._dtypes[c]) for n, c in zip(names, self._cols))
        self._cols = names

    @property
    def index(self):
        return self._index

    @index.setter
    def index(self, labels):
        self._index = _ensure_index(labels, len(self._index))

    @property
    def shape(self):
        return (len(self._index), len(self._cols))

    @property
    def size(self):
        return len(self._index) * len(self._cols)

    @property
    def ndim(self):
        return 2

    @property
    def empty(self):
        return len(self._index) == 0 or not self._cols

    @property
    def dtypes(self):
        return Series._make([_np_dtype(self._dtypes[c]) for c in self._cols],
                            'object', Index(list(self._cols)), None)

    @property
    def values(self):
        dt = _common_dtype([self._dtypes[c] for c in self._cols]) if self._cols else 'float64'
        if dt == 'str':
            dt = 'object'
        cols = [self._data[c] if dt == 'object' else _cast(self._data[c], dt) for c in self._cols]
        rows = [[col[i] for col in cols] for i in range(len(self._index))]
        if not rows:
            return np.zeros((0, len(self._cols)))
        return to_array(rows, dt)

    def to_numpy(self, dtype=None):
        a = self.values
        return a.astype(dtype) if dtype is not None else a

    def __len__(self):
        return len(self._index)

    def __iter__(self):
        return iter(list(self._cols))

    def __contains__(self, c):
        return c in self._data

    def __repr__(self):
        return _fmt.frame_repr(self)

    def __str__(self):
        return _fmt.frame_repr(self)

    def keys(self):
        return self.columns

    def __getattr__(self, name):
        if name.startswith('_'):
            raise AttributeError(name)
        if name in self._data:
            return self[name]
        raise AttributeError("'DataFrame' object has no attribute '" + name + "'")

    # --- selection
    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._select(list(range(len(self._index)))[key], self._cols, True)
        if isinstance(key, DataFrame):
            raise NotImplementedError('DataFrame[DataFrame] (where) is not supported in Kiln')
        if isinstance(key, (list, Series, Index)) or _arraylike(key):
            vals = _as_list(key)
            if vals and all(isinstance(v, bool) for v in vals):
                return self._select(_positions(vals, len(self._index)), self._cols)
            missing = [c for c in vals if c not in self._data]
            if missing:
                raise KeyError('None of [' + repr(Index(missing)) + '] are in the [columns]' if len(missing) == len(vals)
                               else str(missing) + ' not in index')
            return self._select(list(range(len(self._index))), vals)
        if key not in self._data:
            raise KeyError(key)
        return Series._make(self._data[key], self._dtypes[key], self._index, key)

    def __setitem__(self, key, value):
        n = len(self._index)
        if isinstance(key, (list, Index)):
            # df[[a, b]] = frame (its columns in order) or a scalar / row-wise value for each column
            keys = _as_list(key)
            if isinstance(value, DataFrame):
                if len(value._cols) != len(keys):
                    raise ValueError('Columns must be same length as key')
                for k, c in zip(keys, value._cols):
                    self._set(k, list(value._data[c]), value._dtypes[c])
            else:
                for k in keys:
                    self[k] = value
            return
        if isinstance(value, Series):
            if value.index._labels == self._index._labels:
                vals, dt = list(value._v), value._dt
            else:
                m = dict(zip(value.index._labels, value._v))
                vals, dt = [m[k] if k in m else float('nan') for k in self._index._labels], None
        elif isinstance(value, (list, tuple, range)) or _arraylike(value):
            arr_dt = str(value.dtype) if hasattr(value, 'dtype') else None
            vals = _as_list(value)
            dt = arr_dt if arr_dt in _NP else None
            if len(vals) != n:
                raise ValueError('Length of values (' + str(len(vals)) + ') does not match length of index (' + str(n) + ')')
        else:
            vals, dt = [_py(value)] * n, None
        self._set(key, vals, dt)

    def __delitem__(self, key):
        self._cols.remove(key)
        del self._data[key]
        del self._dtypes[key]

    @property
    def loc(self):
        return _Loc(self, False)

    @property
    def iloc(self):
        return _Loc(self, True)

    def head(self, n=5):
        return self._select(list(range(len(self._index)))[:n], self._cols, True)

    def tail(self, n=5):
        return self._select(list(range(len(self._index)))[-n:] if n else [], self._cols, True)

    def copy(self, deep=True):
        return DataFrame._from(self._cols, dict((c, list(self._data[c])) for c in self._cols), dict(self._dtypes), self._index)

    # --- iteration
    def iterrows(self):
        for i in range(len(self._index)):
            yield self._index._labels[i], self._row(i)

    def itertuples(self, index=True, name='Pandas'):
        from collections import namedtuple
        fields = (['Index'] if index else []) + [str(c) if str(c).isidentifier() else '_' + str(j + 1) for j, c in enumerate(self._cols)]
        T = namedtuple(name, fields, rename=True) if name else None
        for i in range(len(self._index)):
            vals = ([self._index._labels[i]] if index else []) + [self._data[c][i] for c in self._cols]
            yield T(*vals) if T is not None else tuple(vals)

    def items(self):
        for c in self._cols:
            yield c, self[c]

    # --- element-wise
    def _op(self, other, op, rev=False):
        data = {}
        dts = {}
        for j, c in enumerate(self._cols):
            if isinstance(other, DataFrame):
                o = other[c]
            elif isinstance(other, Series):
                o = other[c] if c in other.index._labels else float('nan')
            elif isinstance(other, (list, tuple)):
                o = other[j]
            else:
                o = other
            s = self[c]._op(o, op, rev)
            data[c] = s._v
            dts[c] = s._dt
        return DataFrame._from(self._cols, data, dts, self._index)

    def _map_cols(self, f):
        data = {}
        dts = {}
        for c in self._cols:
            s = f(self[c])
            data[c] = s._v
            dts[c] = s._dt
        return DataFrame._from(self._cols, data, dts, self._index)

    # column-wise time-series transforms: each column through the Series method
    def shift(self, periods=1, fill_value=None):
        return self._map_cols(lambda s: s.shift(periods, fill_value))

    def diff(self, periods=1):
        return self._map_cols(lambda s: s.diff(periods))

    def pct_change(self, periods=1):
        return self._map_cols(lambda s: s.pct_change(periods))

    def clip(self, lower=None, upper=None):
        return self._map_cols(lambda s: s.clip(lower, upper))

    def cumsum(self):
        return self._map_cols(lambda s: s.cumsum())

    def rolling(self, window, min_periods=None, center=False):
        return _FrameWindow(self, lambda s: s.rolling(window, min_periods, center))

    def ewm(self, com=None, span=None, halflife=None, alpha=None, min_periods=0, adjust=True, ignore_na=False):
        return _FrameWindow(self, lambda s: s.ewm(com, span, halflife, alpha, min_periods, adjust, ignore_na))

    def __neg__(self):
        return self._map_cols(lambda s: -s)

    def __invert__(self):
        return self._map_cols(lambda s: ~s)

    def abs(self):
        return self._map_cols(lambda s: abs(s))

    def round(self, decimals=0):
        return self._map_cols(lambda s: s.round(decimals))

    def isnull(self):
        return self._map_cols(lambda s: s.isnull())

    isna = isnull

    def notnull(self):
        return self._map_cols(lambda s: s.notnull())

    notna = notnull

    def select_dtypes(self, include=None, exclude=None):
        def norm(sel):
            if sel is None:
                return []
            if not isinstance(sel, (list, tuple, set, frozenset)):
                sel = [sel]
            return list(sel)

        def matches(dt, sel):
            if sel is np.number or sel == 'number':
                return dt.startswith('int') or dt.startswith('uint') or dt.startswith('float')
            if sel is np.integer or sel == 'integer':
                return dt.startswith('int') or dt.startswith('uint')
            if sel is np.floating or sel == 'floating':
                return dt.startswith('float')
            if sel is bool or sel == 'bool' or sel is np.bool_:
                return dt == 'bool'
            if sel is object or sel == 'object' or sel == 'O':
                return dt == 'object'
            if sel is str or sel in ('str', 'string'):
                return dt == 'str'
            return dt == _dtname(sel)

        inc, exc = norm(include), norm(exclude)
        if not inc and not exc:
            raise ValueError('at least one of include or exclude must be nonempty')
        cols = [c for c in self._cols
                if (not inc or any(matches(self._dtypes[c], t) for t in inc))
                and not any(matches(self._dtypes[c], t) for t in exc)]
        return self[cols]

    def astype(self, dtype):
        if isinstance(dtype, dict):
            return self._map_cols(lambda s: s.astype(dtype[s.name]) if s.name in dtype else s)
        return self._map_cols(lambda s: s.astype(dtype))

    def applymap(self, func):
        return self._map_cols(lambda s: s.apply(func))

    map = applymap

    def apply(self, func, axis=0):
        if axis in (1, 'columns'):
            out = [_py(func(self._row(i))) for i in range(len(self._index))]
            if out and isinstance(out[0], Series):
                return DataFrame([o.to_dict() for o in out], index=self._index)
            return Series(out, index=self._index)
        out = [_py(func(self[c])) for c in self._cols]
        if out and isinstance(out[0], Series):
            return DataFrame(dict(zip(self._cols, out)))
        return Series(out, index=list(self._cols))

    def fillna(self, value):
        if isinstance(value, (dict, Series)):
            keys = value.keys() if isinstance(value, dict) else value.index._labels
            return self._map_cols(lambda s: s.fillna(value[s.name]) if s.name in keys else s)
        return self._map_cols(lambda s: s.fillna(value))

    def dropna(self, axis=0, how='any', subset=None, thresh=None):
        if axis in (1, 'columns'):
            keep = []
            for c in self._cols:
                nn = sum(1 for v in self._data[c] if not _isnan(v))
                if (thresh is not None and nn >= thresh) or (thresh is None and (nn == len(self._index) if how == 'any' else nn > 0)):
                    keep.append(c)
            return self[keep]
        cols = self._cols if subset is None else _as_list(subset) if not isinstance(subset, str) else [subset]
        pos = []
        for i in range(len(self._index)):
            nn = sum(1 for c in cols if not _isnan(self._data[c][i]))
            if (thresh is not None and nn >= thresh) or (thresh is None and (nn == len(cols) if how == 'any' else nn > 0)):
                pos.append(i)
        return self._select(pos, self._cols)

    def drop(self, labels=None, axis=0, index=None, columns=None, inplace=False):
        if labels is not None:
            if axis in (1, 'columns'):
                columns = labels
            else:
                index = labels
        out = self
        if columns is not None:
            cs = [columns] if not isinstance(columns, (list, tuple, Index)) else _as_list(columns)
            for c in cs:
                if c not in self._data:
                    raise KeyError('[' + repr(c) + '] not found in axis')
            out = out[[c for c in out._cols if c not in cs]]
        if index is not None:
            ks = _as_list(index) if isinstance(index, (list, tuple, Index, Series)) or _arraylike(index) else [index]
            drop = set(ks)
            out = out._select([i for i, k in enumerate(out._index._labels) if k not in drop], out._cols)
        if inplace:
            self._cols, self._data, self._dtypes, self._index = out._cols, out._data, out._dtypes, out._index
            return None
        return out

    def rename(self, columns=None, index=None):
        out = self.copy()
        if columns is not None:
            f = columns if callable(columns) else (lambda c: columns[c] if c in columns else c)
            out.columns = [f(c) for c in self._cols]
        if index is not None:
            f = index if callable(index) else (lambda c: index[c] if c in index else c)
            out._index = Index([f(k) for k in self._index._labels], name=self._index.name)
        return out

    def reset_index(self, drop=False, inplace=False):
        out = self.copy()
        out._index = Index._rng(len(self._index))
        if not drop:
            name = 'index' if self._index.name is None else self._index.name
            out._cols.insert(0, name)
            out._data[name] = list(self._index._labels)
            out._dtypes[name] = self._index.dtype
        if inplace:
            self._cols, self._data, self._dtypes, self._index = out._cols, out._data, out._dtypes, out._index
            return None
        return out

    def set_index(self, key, drop=True):
        out = self.copy()
        out._index = Index(list(self._data[key]), name=key)
        if drop:
            del out[key]
        return out

    def sample(self, n=None, frac=None, replace=False, random_state=None):
        return self._select(_sample_pos(len(self._index), n, frac, replace, random_state), self._cols)

    def sort_values(self, by, ascending=True):
        bys = [by] if not isinstance(by, (list, tuple)) else list(by)
        asc = ascending if isinstance(ascending, (list, tuple)) else [ascending] * len(bys)
        return self._select(_argsort([self._data[b] for b in bys], asc), self._cols)

    def sort_index(self, ascending=True):
        return self._select(_argsort([self._index._labels], [ascending]), self._cols)

    def insert(self, loc, column, value):
        self[column] = value
        self._cols.remove(column)
        self._cols.insert(loc, column)

    def assign(self, **kw):
        out = self.copy()
        for k, v in kw.items():
            out[k] = v(out) if callable(v) else v
        return out

    def duplicated(self, subset=None):
        cols = self._cols if subset is None else ([subset] if isinstance(subset, str) else list(subset))
        seen = set()
        out = []
        for i in range(len(self._index)):
            k = tuple(self._data[c][i] for c in cols)
            out.append(k in seen)
            seen.add(k)
        return Series._make(out, 'bool', self._index, None)

    def drop_duplicates(self, subset=None):
        return self[~self.duplicated(subset)]

    # --- reductions (column-wise)
    def _reduce(self, name, numeric_only=False, **kw):
        cols = self._cols
        if numeric_only or name in ('count',):
            cols = [c for c in cols if not textual(self._dtypes[c])] if numeric_only else cols
        vals = [_py(getattr(self[c], name)(**kw)) for c in cols]
        dt = infer_dtype(vals)
        if name in ('mean', 'std', 'var', 'median'):
            dt = 'float64'
        return Series._make(_clean(vals, dt), dt, Index(list(cols)), None)

    def sum(self, numeric_only=False):
        return self._reduce('sum', numeric_only)

    def mean(self, numeric_only=False):
        self._check_numeric(numeric_only)
        return self._reduce('mean', numeric_only)

    def median(self, numeric_only=False):
        self._check_numeric(numeric_only)
        return self._reduce('median', numeric_only)

    def std(self, ddof=1, numeric_only=False):
        self._check_numeric(numeric_only)
        return self._reduce('std', numeric_only, ddof=ddof)

    def var(self, ddof=1, numeric_only=False):
        self._check_numeric(numeric_only)
        return self._reduce('var', numeric_only, ddof=ddof)

    def min(self, numeric_only=False):
        return self._reduce('min', numeric_only)

    def max(self, numeric_only=False):
        return self._reduce('max', numeric_only)

    def count(self):
        return self._reduce('count')

    def nunique(self):
        return self._reduce('nunique')

    def _check_numeric(self, numeric_only):
        if not numeric_only:
            for c in self._cols:
                if self._dtypes[c] == 'str':
                    raise TypeError("Cannot perform reduction 'mean' with string dtype")
                if self._dtypes[c] == 'object':
                    raise TypeError('could not convert string to float (column ' + repr(c) + '): pass numeric_only=True')

    def describe(self):
        cols = [c for c in self._cols if not textual(self._dtypes[c]) and self._dtypes[c] != 'bool']
        rows = ['count', 'mean', 'std', 'min', '25%', '50%', '75%', 'max']
        data = {}
        for c in cols:
            s = self[c]
            sv = sorted(s._num())
            data[c] = [float(len(sv)), float(s.mean()), float(s.std()), float(sv[0]) if sv else float('nan'), _quantile(sv, 0.25),
                       _quantile(sv, 0.5), _quantile(sv, 0.75), float(sv[-1]) if sv else float('nan')]
        return DataFrame._from(cols, data, dict((c, 'float64') for c in cols), Index(rows))

    def info(self):
        print("<class 'pandas.core.frame.DataFrame'>")
        ix = self._index
        if ix._range is not None:
            print('RangeIndex: ' + str(len(ix)) + ' entries, ' + str(ix._range[0]) + ' to ' + str(ix._range[1] - 1))
        else:
            print('Index: ' + str(len(ix)) + ' entries, ' + (str(ix._labels[0]) + ' to ' + str(ix._labels[-1]) if len(ix) else '0 to 0'))
        print('Data columns (total ' + str(len(self._cols)) + ' columns):')
        w = max([len('Column')] + [len(str(c)) for c in self._cols])
        nw = len(str(len(self._cols)))
        print(' ' + '#'.ljust(max(nw, 1) + 1) + ' ' + 'Column'.ljust(w) + '  Non-Null Count  Dtype  ')
        print('---'[:max(nw, 1) + 2].ljust(max(nw, 1) + 2) + ' ' + ('-' * 6).ljust(w) + '  --------------  -----  ')
        counts = {}
        for j, c in enumerate(self._cols):
            nn = sum(1 for v in self._data[c] if not _isnan(v))
            dt = self._dtypes[c]
            counts[dt] = counts.get(dt, 0) + 1
            print(' ' + str(j).ljust(max(nw, 1) + 1) + ' ' + str(c).ljust(w) + '  ' + (str(nn) + ' non-null').ljust(14) + '  ' + dt)
        print('dtypes: ' + ', '.join(k + '(' + str(counts[k]) + ')' for k in sorted(counts)))

    # --- grouping and output
    def groupby(self, by, sort=True):
        return GroupBy(self, by, sort)

    def merge(self, right, how='inner', on=None, left_on=None, right_on=None, suffixes=('_x', '_y'),
              sort=False, indicator=False):
        return merge(self, right, how=how, on=on, left_on=left_on, right_on=right_on,
                     suffixes=suffixes, sort=sort, indicator=indicator)

    def to_csv(self, path_or_buf=None, sep=',', index=True, header=True, na_rep='', float_format=None):
        from pandas._io import write_csv
        return write_csv(self, path_or_buf, sep, index, header, na_rep, float_format)

    def to_dict(self, orient='dict'):
        if orient == 'list':
            return dict((c, list(self._data[c])) for c in self._cols)
        if orient == 'records':
            return [dict((c, self._data[c][i]) for c in self._cols) for i in range(len(self._index))]
        return dict((c, dict(zip(self._index._labels, self._data[c]))) for c in self._cols)

    def corr(self):
        cols = [c for c in self._cols if not textual(self._dtypes[c])]
        data = {}
        for a in cols:
            out = []
            for b in cols:
                x, y = self._data[a], self._data[b]
                mx, my = sum(x) / len(x), sum(y) / len(y)
                sxy = sum((p - mx) * (q - my) for p, q in zip(x, y))
                sxx = sum((p - mx) ** 2 for p in x)
                syy = sum((q - my) ** 2 for q in y)
                out.append(sxy / math.sqrt(sxx * syy))
            data[a] = out
        return DataFrame._from(cols, data, dict((c, 'float64') for c in cols), Index(list(cols)))


class GroupBy:
    def __init__(self, df, by, sort):
        self.df = df
        self.by = by
        keys = df._data[by]
        groups = {}
        order = []
        for i, k in enumerate(keys):
            if _isnan(k):
                continue
            if k not in groups:
                groups[k] = []
                order.append(k)
            groups[k].append(i)
        self.keys = sorted(order) if sort else order
        self.groups = groups

    def __iter__(self):
        for k in self.keys:
            yield k, self.df._select(self.groups[k], self.df._cols)

    def __getitem__(self, col):
        g = GroupBy.__new__(GroupBy)
        g.df = self.df[[self.by] + ([col] if not isinstance(col, list) else col)]
        g.by, g.keys, g.groups = self.by, self.keys, self.groups
        g._series = col if not isinstance(col, list) else None
        return g

    def _agg(self, name, **kw):
        cols = [c for c in self.df._cols if c != self.by]
        if name not in ('size', 'count', 'first', 'last', 'nunique', 'sum', 'min', 'max'):
            cols = [c for c in cols if not textual(self.df._dtypes[c])]
        data = {}
        dts = {}
        for c in cols:
            vals = []
            for k in self.keys:
                s = self.df[c]._take(self.groups[k])
                vals.append(_py(getattr(s, name)(**kw)))
            dt = 'float64' if name in ('mean', 'std', 'var', 'median') else infer_dtype(vals)
            data[c] = _clean(vals, dt)
            dts[c] = dt
        ix = Index(list(self.keys), name=self.by)
        ser = getattr(self, '_series', None)
        if ser is not None:
            return Series._make(data[ser], dts[ser], ix, ser)
        return DataFrame._from(cols, data, dts, ix)

    def mean(self):
        return self._agg('mean')

    def sum(self):
        return self._agg('sum')

    def count(self):
        return self._agg('count')

    def min(self):
        return self._agg('min')

    def max(self):
        return self._agg('max')

    def median(self):
        return self._agg('median')

    def std(self):
        return self._agg('std')

    def nunique(self):
        return self._agg('nunique')

    def size(self):
        return Series._make([len(self.groups[k]) for k in self.keys], 'int64', Index(list(self.keys), name=self.by), None)

    def var(self):
        return self._agg('var')

    def prod(self):
        return self._agg('prod')

    def first(self):
        return self._agg('first')

    def last(self):
        return self._agg('last')

    # --- agg / transform (pandas' GroupBy.aggregate and transform over one key column)
    def _value_cols(self):
        ser = getattr(self, '_series', None)
        if ser is not None:
            return [ser]
        return [c for c in self.df._cols if c != self.by]

    def _group_stat(self, col, func, k):
        s = self.df[col]._take(self.groups[k])
        if isinstance(func, str):
            if func == 'size':
                return len(s)
            if func in ('first', 'last'):
                vals = [v for v in s._v if not _isnan(v)]
                if not vals:
                    return float('nan')
                return vals[0] if func == 'first' else vals[-1]
            if func == 'prod':
                r = 1
                for v in s._v:
                    if not _isnan(v):
                        r = r * v
                return r
            if not hasattr(s, func):
                raise AttributeError(f"'SeriesGroupBy' object has no attribute '{func}'")
            return _py(getattr(s, func)())
        name = getattr(func, '__name__', None)
        if name in ('sum', 'min', 'max', 'len') and func in (sum, min, max, len):
            return self._group_stat(col, {'len': 'size'}.get(name, name), k)
        return _py(func(s))

    def _stat_dtype(self, func, vals, col):
        if func in ('mean', 'std', 'var', 'median'):
            return 'float64'
        if func in ('size', 'count', 'nunique'):
            return 'int64'
        return infer_dtype(vals)

    def _column(self, col, func):
        vals = [self._group_stat(col, func, k) for k in self.keys]
        dt = self._stat_dtype(func, vals, col)
        return _clean(vals, dt), dt

    def _func_name(self, func):
        if isinstance(func, str):
            return func
        return getattr(func, '__name__', '<lambda>')

    def agg(self, func=None, *args, **kwargs):
        ix = Index(list(self.keys), name=self.by)
        ser = getattr(self, '_series', None)
        if func is None and kwargs:
            # named aggregation: new_name=(column, func), or new_name=func on a column's groups
            cols, data, dts = [], {}, {}
            for new, spec in kwargs.items():
                if isinstance(spec, tuple):
                    col, f = spec
                else:
                    col, f = ser, spec
                data[new], dts[new] = self._column(col, f)
                cols.append(new)
            if ser is not None and not all(isinstance(v, tuple) for v in kwargs.values()):
                return DataFrame._from(cols, data, dts, ix)
            return DataFrame._from(cols, data, dts, ix)
        if isinstance(func, dict):
            cols, data, dts = [], {}, {}
            for col, f in func.items():
                if isinstance(f, (list, tuple)):
                    raise NotImplementedError('agg with a list of functions per column makes MultiIndex '
                                              'columns, which Kiln\'s pandas does not have')
                data[col], dts[col] = self._column(col, f)
                cols.append(col)
            return DataFrame._from(cols, data, dts, ix)
        if isinstance(func, (list, tuple)):
            if ser is None:
                raise NotImplementedError('DataFrameGroupBy.agg with a list of functions makes MultiIndex '
                                          'columns, which Kiln\'s pandas does not have')
            cols, data, dts = [], {}, {}
            for f in func:
                name = self._func_name(f)
                data[name], dts[name] = self._column(ser, f)
                cols.append(name)
            return DataFrame._from(cols, data, dts, ix)
        if isinstance(func, str) and func in ('mean', 'sum', 'count', 'min', 'max', 'median', 'std', 'nunique', 'var'):
            return self._agg(func)
        if isinstance(func, str) and func == 'size':
            return self.size()
        cols = self._value_cols()
        data, dts = {}, {}
        for c in cols:
            data[c], dts[c] = self._column(c, func)
        if ser is not None:
            return Series._make(data[ser], dts[ser], ix, ser)
        return DataFrame._from(cols, data, dts, ix)

    aggregate = agg

    def transform(self, func, *args, **kwargs):
        n = len(self.df._index)
        cols = self._value_cols()
        out, dts = {}, {}
        for c in cols:
            vals = [float('nan')] * n
            col = self.df[c]
            for k in self.keys:
                pos = self.groups[k]
                if isinstance(func, str):
                    v = self._group_stat(c, func, k)
                    for p in pos:
                        vals[p] = v
                else:
                    r = func(col._take(pos), *args, **kwargs)
                    if isinstance(r, Series):
                        rv = list(r._v)
                        for p, v in zip(pos, rv):
                            vals[p] = _py(v)
                    else:
                        for p in pos:
                            vals[p] = _py(r)
            if isinstance(func, str) and func in ('mean', 'std', 'var', 'median'):
                dt = 'float64'
            else:
                dt = infer_dtype(vals)
            out[c] = _clean(vals, dt)
            dts[c] = dt
        ser = getattr(self, '_series', None)
        if ser is not None:
            return Series._make(out[ser], dts[ser], self.df._index, ser)
        return DataFrame._from(cols, out, dts, self.df._index)

    def apply(self, func, *args, **kwargs):
        ser = getattr(self, '_series', None)
        ix = Index(list(self.keys), name=self.by)
        vals = []
        for k in self.keys:
            part = self.df[ser]._take(self.groups[k]) if ser is not None else self.df._select(self.groups[k], self.df._cols)
            vals.append(_py(func(part, *args, **kwargs)))
        if all(not isinstance(v, (Series, DataFrame)) for v in vals):
            return Series._make(_clean(vals, infer_dtype(vals)), infer_dtype(vals), ix, ser)
        raise NotImplementedError('GroupBy.apply returning Series/DataFrame per group is not supported by Kiln\'s pandas')

    def __len__(self):
        return len(self.keys)


class _FrameWindow:
    # DataFrame.rolling(...) / .ewm(...): the Series window of every column, aggregated column by column
    def __init__(self, frame, make):
        self._frame = frame
        self._make = make

    def _agg(self, name, *args, **kwargs):
        return self._frame._map_cols(lambda s: getattr(self._make(s), name)(*args, **kwargs))

    def mean(self):
        return self._agg('mean')

    def sum(self):
        return self._agg('sum')

    def std(self, ddof=1):
        return self._agg('std', ddof)

    def var(self, ddof=1):
        return self._agg('var', ddof)

    def min(self):
        return self._agg('min')

    def max(self):
        return self._agg('max')

    def median(self):
        return self._agg('median')

    def count(self):
        return self._agg('count')


# plotting (pandas/_plotting.py): df.plot(...), df.plot.bar(...), s.hist(), df.hist()
def _install_plotting():
    from pandas import _plotting
    Series.plot = property(lambda self: _plotting.PlotAccessor(self))
    DataFrame.plot = property(lambda self: _plotting.PlotAccessor(self))
    Series.hist = _plotting.hist_series
    DataFrame.hist = _plotting.hist_frame


_install_plotting()


# ---- merge: pandas' join of two frames on key columns -------------------------------------------

def _merge_key(df, cols, i):
    return tuple(df._data[c][i] for c in cols)


def merge(left, right, how='inner', on=None, left_on=None, right_on=None, suffixes=('_x', '_y'),
          sort=False, indicator=False):
    """Merge DataFrame objects with a database-style join on columns (pandas' rules for row order:
    inner and left keep the left frame's order, right the right frame's, outer sorts the keys;
    sort=True sorts the keys for every kind; the index is a new RangeIndex)."""
    if how not in ('inner', 'left', 'right', 'outer', 'cross'):
        raise ValueError(f"'{how}' is not a valid Merge type: left, right, inner, outer, left_anti, "
                         "right_anti, cross")
    if isinstance(left, Series):
        left = left.to_frame()
    if isinstance(right, Series):
        right = right.to_frame()
    if how == 'cross':
        lpos = [i for i in range(len(left._index)) for _ in range(len(right._index))]
        rpos = [j for _ in range(len(left._index)) for j in range(len(right._index))]
        lk, rk = [], []
    else:
        if on is None and left_on is None and right_on is None:
            on = [c for c in left._cols if c in right._cols]
            if not on:
                raise MergeError('No common columns to perform merge on. Merge options: '
                                 'left_on=None, right_on=None, left_index=False, right_index=False')
        if on is not None:
            lk = rk = [on] if not isinstance(on, list) else list(on)
        else:
            lk = [left_on] if not isinstance(left_on, list) else list(left_on)
            rk = [right_on] if not isinstance(right_on, list) else list(right_on)
        for c in lk:
            if c not in left._cols:
                raise KeyError(c)
        for c in rk:
            if c not in right._cols:
                raise KeyError(c)
        rmap = {}
        for j in range(len(right._index)):
            rmap.setdefault(_merge_key(right, rk, j), []).append(j)
        lmap = {}
        for i in range(len(left._index)):
            lmap.setdefault(_merge_key(left, lk, i), []).append(i)
        pairs = []   # (key, left position or None, right position or None)
        if how in ('inner', 'left'):
            for i in range(len(left._index)):
                key = _merge_key(left, lk, i)
                js = rmap.get(key)
                if js:
                    pairs.extend((key, i, j) for j in js)
                elif how == 'left':
                    pairs.append((key, i, None))
        elif how == 'right':
            for j in range(len(right._index)):
                key = _merge_key(right, rk, j)
                is_ = lmap.get(key)
                if is_:
                    pairs.extend((key, i, j) for i in is_)
                else:
                    pairs.append((key, None, j))
        else:
            keys = list(lmap)
            for key in rmap:
                if key not in lmap:
                    keys.append(key)
            keys = sorted(keys, key=lambda k: tuple((_isnan(v), v) for v in k))
            for key in keys:
                is_ = lmap.get(key, [None])
                js = rmap.get(key, [None])
                pairs.extend((key, i, j) for i in is_ for j in js)
        if sort and how != 'outer':
            order = sorted(range(len(pairs)), key=lambda q: tuple((_isnan(v), v) for v in pairs[q][0]))
            pairs = [pairs[q] for q in order]
        lpos = [p[1] for p in pairs]
        rpos = [p[2] for p in pairs]
    same_keys = on is not None and how != 'cross'
    lcols = list(left._cols)
    rcols = [c for c in right._cols if not (same_keys and c in rk)]
    overlap = set(lcols) & set(rcols)
    if same_keys:
        overlap -= set(lk)
    cols, data, dts = [], {}, {}

    def add(name, src, c, pos, key_fill=None):
        vals = []
        missing = False
        for q, p in enumerate(pos):
            if p is None:
                if key_fill is not None and key_fill[q] is not None:
                    vals.append(key_fill[q])
                else:
                    vals.append(float('nan'))
                    missing = True
            else:
                vals.append(src._data[c][p])
        dt = src._dtypes[c]
        if missing and dt in ('int64', 'int32', 'int16', 'int8', 'uint8'):
            dt = 'float64'
            vals = [float(v) for v in vals]
        elif missing and dt == 'bool':
            dt = 'object'
        cols.append(name)
        data[name] = vals
        dts[name] = dt

    for c in lcols:
        name = c + suffixes[0] if c in overlap else c
        fill = None
        if same_keys and c in lk and how in ('right', 'outer'):
            k = lk.index(c)
            fill = [right._data[rk[k]][j] if j is not None else None for j in rpos]
        add(name, left, c, lpos, fill)
    for c in rcols:
        name = c + suffixes[1] if c in overlap else c
        add(name, right, c, rpos)
    if indicator:
        vals = ['both' if (i is not None and j is not None) else ('left_only' if j is None else 'right_only')
                for i, j in zip(lpos, rpos)]
        cols.append('_merge')
        data['_merge'] = vals
        dts['_merge'] = 'object'
    return DataFrame._from(cols, data, dts, Index._rng(len(lpos)))


class MergeError(ValueError):
    pass


MergeError.__module__ = 'pandas.errors'
