# pandas for Kiln: the part of pandas (3.0's behaviour, the reference machine's version) that PyTorch
# tutorials and books use to load a dataset: read a CSV (pandas._io), select and clean columns and rows, split and shuffle them, map labels, and hand
# `.values` / `.to_numpy()` to torch; printed exactly as pandas prints (pandas._fmt). The data model and
# what it leaves out are described in pandas/_core.py; engine/stdlib/README.md lists the omissions.
from pandas._core import DataFrame, Series, Index, infer_dtype, _isnan, _as_list, _arraylike, merge
from pandas._io import read_csv

__version__ = '3.0.6'
NA = float('nan')


def isna(obj):
    if isinstance(obj, (Series, DataFrame)):
        return obj.isna()
    if isinstance(obj, (list, tuple)) or _arraylike(obj):
        import numpy as np
        return np.array([_isnan(v) for v in _as_list(obj)])
    return _isnan(obj)


isnull = isna


def notna(obj):
    r = isna(obj)
    return ~r if not isinstance(r, bool) else not r


notnull = notna


def concat(objs, axis=0, ignore_index=False):
    objs = [o for o in objs if o is not None]
    if axis in (1, 'columns'):
        out = DataFrame(index=objs[0].index)
        for o in objs:
            if isinstance(o, Series):
                out[o.name if o.name is not None else len(out._cols)] = o
            else:
                for c in o._cols:
                    out[c] = o[c]
        return out
    if all(isinstance(o, Series) for o in objs):
        vals = []
        labels = []
        for o in objs:
            vals += o._v
            labels += o.index._labels
        return Series(vals, index=None if ignore_index else labels,
                      name=objs[0].name if all(o.name == objs[0].name for o in objs) else None)
    cols = []
    for o in objs:
        for c in o._cols:
            if c not in cols:
                cols.append(c)
    data = {}
    labels = []
    for o in objs:
        n = len(o._index)
        labels += o._index._labels
        for c in cols:
            data.setdefault(c, [])
            data[c] += o._data[c] if c in o._data else [float('nan')] * n
    df = DataFrame(data, index=None if ignore_index else labels)
    for c in cols:
        kinds = set(o._dtypes[c] for o in objs if c in o._dtypes)
        if len(kinds) == 1 and all(c in o._dtypes for o in objs):
            df._dtypes[c] = kinds.pop()
    return df


def get_dummies(data, prefix=None, prefix_sep='_', dummy_na=False, columns=None, drop_first=False, dtype=None):
    # pandas' layout: the columns not encoded first, then each encoded column's indicators (sorted
    # categories, then '<prefix>_nan' with dummy_na), bool unless dtype= says otherwise
    dt = 'bool' if dtype is None else DataFrame({'x': [0]}).astype(dtype)._dtypes['x']

    def dummies(s, pre):
        cats = sorted(set(v for v in s._v if not _isnan(v)))
        if drop_first:
            cats = cats[1:]
        cols = [(c, [not _isnan(v) and v == c for v in s._v]) for c in cats]
        if dummy_na:
            cols.append(('nan', [_isnan(v) for v in s._v]))
        out = []
        for c, vals in cols:
            name = str(c) if pre is None else str(pre) + prefix_sep + str(c)
            out.append((name, vals if dt == 'bool' else [int(b) if dt.startswith('int') else float(b) for b in vals]))
        return out

    df = DataFrame(index=data.index)
    if isinstance(data, Series):
        for name, vals in dummies(data, prefix):
            df._set(name, vals, dt)
        return df
    if columns is None:
        columns = [c for c in data._cols if data._dtypes[c] in ('object', 'str')]
    for c in data._cols:
        if c not in columns:
            df._set(c, list(data._data[c]), data._dtypes[c])
    for c in data._cols:
        if c in columns:
            pre = c if prefix is None else (prefix[c] if isinstance(prefix, dict) else prefix)
            for name, vals in dummies(data[c], pre):
                df._set(name, vals, dt)
    return df


def unique(values):
    return Series(values).unique()


def to_numeric(arg, errors='raise'):
    from pandas._io import _parse_cell
    if isinstance(arg, Series):
        vals = []
        for v in arg._v:
            p = _parse_cell(v) if isinstance(v, str) else v
            if isinstance(p, str):
                if errors == 'coerce':
                    p = float('nan')
                else:
                    raise ValueError('Unable to parse string "' + p + '"')
            vals.append(p)
        return Series(vals, index=arg.index, name=arg.name)
    p = _parse_cell(arg) if isinstance(arg, str) else arg
    if isinstance(p, str):
        raise ValueError('Unable to parse string "' + p + '"')
    return p


class _Options:
    def __init__(self):
        self.display = self


options = _Options()


def set_option(key, value):
    # display.max_rows / min_rows change how many rows print; other display options are accepted and
    # ignored (Kiln's frames are never wrapped into column blocks, so max_columns/width change nothing)
    from pandas import _fmt
    if key in ('display.max_rows', 'max_rows'):
        _fmt.MAX_ROWS = 10 ** 9 if value is None else value
    elif key in ('display.min_rows', 'min_rows'):
        _fmt.MIN_ROWS = value
    elif key == 'future.infer_string':
        # False: text columns are object, as in pandas 2
        from pandas import _core
        _core.INFER_STRING = bool(value)


def factorize(values, sort=False, use_na_sentinel=True, size_hint=None):
    """Encode the values as integer codes and the uniques in order of appearance (sorted with
    sort=True); missing values get -1. A Series gives an Index of uniques, a list or array an array."""
    import numpy as np
    is_series = isinstance(values, Series)
    if not is_series and not isinstance(values, (Index, np.ndarray)):
        # pandas 3's _ensure_arraylike: lists and tuples are refused
        raise TypeError("factorize requires a Series, Index, ExtensionArray, np.ndarray or "
                        f"NumpyExtensionArray got {type(values).__name__}.")
    vals = list(values._v) if is_series else _as_list(values)
    uniques = []
    seen = {}
    codes = []
    for v in vals:
        if _isnan(v):
            codes.append(-1)
            continue
        if v not in seen:
            seen[v] = len(uniques)
            uniques.append(v)
        codes.append(seen[v])
    if sort:
        order = sorted(range(len(uniques)), key=lambda k: uniques[k])
        remap = dict((old, new) for new, old in enumerate(order))
        uniques = [uniques[k] for k in order]
        codes = [remap[c] if c >= 0 else -1 for c in codes]
    codes = np.array(codes, dtype=np.int64)
    if is_series:
        return codes, Index(uniques)
    if uniques and all(isinstance(u, str) for u in uniques):
        return codes, np.array(uniques, dtype=object)
    return codes, np.array(uniques)


def _bin_codes(vals, edges, right, include_lowest):
    import bisect
    out = []
    n = len(edges)
    for v in vals:
        if _isnan(v):
            out.append(None)
            continue
        if right:
            k = bisect.bisect_left(edges, v) - 1
            if include_lowest and v == edges[0]:
                k = 0
        else:
            k = bisect.bisect_right(edges, v) - 1
            if include_lowest and v == edges[-1]:
                k = n - 2
        out.append(k if 0 <= k < n - 1 else None)
    return out


def _cut_result(codes, retbins, edges, like):
    import numpy as np
    if any(c is None for c in codes):
        arr = np.array([float('nan') if c is None else float(c) for c in codes])
    else:
        arr = np.array(codes, dtype=np.int64)
    if isinstance(like, Series):
        arr = Series(arr, index=like.index, name=like.name)
    if retbins:
        return arr, np.array(edges, dtype=np.float64)
    return arr


def cut(x, bins, right=True, labels=None, retbins=False, precision=3, include_lowest=False,
        duplicates='raise', ordered=True):
    """Bin values into discrete intervals: the bin index of each value with labels=False (pandas'
    equal-width bins widened by 0.1% of the range for an integer `bins`). Interval labels need
    pandas' Categorical, which Kiln's pandas does not have."""
    import numpy as np
    if labels is not False:
        raise NotImplementedError('pd.cut returns a Categorical of Intervals unless labels=False; Kiln\'s '
                                  'pandas has no Categorical (use labels=False for the bin codes)')
    vals = list(x._v) if isinstance(x, Series) else [float(v) for v in np.asarray(x).ravel().tolist()]
    if isinstance(bins, int):
        if bins < 1:
            raise ValueError('`bins` should be a positive integer.')
        finite = [v for v in vals if not _isnan(v)]
        mn, mx = float(min(finite)), float(max(finite))
        if mn == mx:
            mn -= 0.001 * abs(mn) if mn != 0 else 0.001
            mx += 0.001 * abs(mx) if mx != 0 else 0.001
            edges = np.linspace(mn, mx, bins + 1).tolist()
        else:
            edges = np.linspace(mn, mx, bins + 1).tolist()
            adj = (mx - mn) * 0.001
            if right:
                edges[0] -= adj
            else:
                edges[-1] += adj
    else:
        edges = [float(b) for b in bins]
        if any(b2 < b1 for b1, b2 in zip(edges, edges[1:])):
            raise ValueError('bins must increase monotonically.')
    return _cut_result(_bin_codes(vals, edges, right, include_lowest), retbins, edges, x)


def qcut(x, q, labels=None, retbins=False, precision=3, duplicates='raise'):
    """Quantile-based discretization: the bin index of each value with labels=False (edges are the
    linear-interpolated quantiles, the lowest included)."""
    import numpy as np
    if labels is not False:
        raise NotImplementedError('pd.qcut returns a Categorical of Intervals unless labels=False; Kiln\'s '
                                  'pandas has no Categorical (use labels=False for the bin codes)')
    vals = list(x._v) if isinstance(x, Series) else [float(v) for v in np.asarray(x).ravel().tolist()]
    finite = np.array([float(v) for v in vals if not _isnan(v)])
    qs = np.linspace(0, 1, q + 1) if isinstance(q, int) else np.array(q, dtype=np.float64)
    edges = np.quantile(finite, qs).tolist()
    if len(set(edges)) != len(edges):
        if duplicates == 'raise':
            raise ValueError(f"Bin edges must be unique: {np.array(edges)!r}.\nYou can drop duplicate "
                             "edges by setting the 'duplicates' kwarg")
        edges = sorted(set(edges))
    return _cut_result(_bin_codes(vals, edges, True, True), retbins, edges, x)
