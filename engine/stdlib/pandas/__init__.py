# pandas for Kiln: the part of pandas (3.0's behaviour, the reference machine's version) that PyTorch
# tutorials and books use to load a dataset: read a CSV (pandas._io), select and clean columns and rows, split and shuffle them, map labels, and hand
# `.values` / `.to_numpy()` to torch; printed exactly as pandas prints (pandas._fmt). The data model and
# what it leaves out are described in pandas/_core.py; engine/stdlib/README.md lists the omissions.
from pandas._core import DataFrame, Series, Index, infer_dtype, _isnan, _as_list, _arraylike
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
