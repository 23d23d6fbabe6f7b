# pandas._io for Kiln: read_csv and DataFrame.to_csv as pandas 2.x's C parser and writer behave for
# plain files: header / names / sep / index_col / usecols / nrows / skiprows / na_values, quoted fields
# (the csv module's rules), columns parsed to int64 when every cell is an integer, float64 when every
# cell is a number or empty (empty cells are NaN), bool for True/False, object otherwise; the writer
# quotes fields holding the separator, a quote or a newline, writes NaN as na_rep and floats by repr.
# Compression, dates, dtype= per column, chunksize and the python engine's options are left out.
import csv
import io

import numpy as np

from pandas import _core
from pandas._core import DataFrame, Index, infer_dtype, _clean, _isnan


def INFER_STRING_DT():
    return _core.INFER_STRING

_NA = set(['', '#N/A', '#N/A N/A', '#NA', '-1.#IND', '-1.#QNAN', '-NaN', '-nan', '1.#IND', '1.#QNAN',
           '<NA>', 'N/A', 'NA', 'NULL', 'NaN', 'None', 'n/a', 'nan', 'null'])


def _parse_cell(s):
    t = s.strip()
    try:
        return int(t)
    except ValueError:
        pass
    try:
        return float(t)
    except ValueError:
        pass
    if t in ('True', 'TRUE', 'true'):
        return True
    if t in ('False', 'FALSE', 'false'):
        return False
    return s


def _parse_column(cells, na):
    vals = [float('nan') if c in na else _parse_cell(c) for c in cells]
    kinds = set()
    for v in vals:
        if isinstance(v, bool):
            kinds.add('bool')
        elif isinstance(v, (int, float)):
            kinds.add('num')
        else:
            kinds.add('str')
    if 'str' in kinds or ('bool' in kinds and 'num' in kinds and not
                          all(isinstance(v, float) and v != v for v in vals if not isinstance(v, bool))):
        # a column with text keeps every non-missing cell as the text it was
        vals = [float('nan') if c in na else c for c in cells]
        return vals, 'str' if INFER_STRING_DT() else 'object'
    if 'bool' in kinds and any(isinstance(v, float) for v in vals):
        return [v if isinstance(v, bool) else float('nan') for v in vals], 'object'
    dt = infer_dtype(vals)
    return _clean(vals, dt), dt


def read_csv(filepath_or_buffer, sep=',', delimiter=None, header='infer', names=None, index_col=None,
             usecols=None, nrows=None, skiprows=None, na_values=None, dtype=None, encoding=None,
             low_memory=True, engine=None, skipinitialspace=False, comment=None, keep_default_na=True):
    if delimiter is not None:
        sep = delimiter
    if hasattr(filepath_or_buffer, 'read'):
        text = filepath_or_buffer.read()
    else:
        with open(str(filepath_or_buffer), encoding=encoding or 'utf-8') as f:
            text = f.read()
    if sep == r'\s+' or sep is None and False:
        rows = [line.split() for line in text.splitlines()]
    else:
        rows = list(csv.reader(io.StringIO(text), delimiter=sep, skipinitialspace=skipinitialspace))
    if comment is not None:
        rows = [r for r in rows if not (r and r[0].startswith(comment))]
    rows = [r for r in rows if r and not (len(r) == 1 and r[0].strip() == '')]
    if skiprows is not None:
        skip = set(range(skiprows)) if isinstance(skiprows, int) else set(skiprows)
        rows = [r for i, r in enumerate(rows) if i not in skip]
    if header == 'infer':
        header = None if names is not None else 0
    if header is not None:
        cols = rows[header]
        rows = rows[header + 1:]
    else:
        cols = None
    if names is not None:
        cols = list(names)
    if cols is None:
        cols = list(range(len(rows[0]) if rows else 0))
    cols = ['Unnamed: ' + str(j) if c == '' else c for j, c in enumerate(cols)]
    if nrows is not None:
        rows = rows[:nrows]
    na = set(_NA) if keep_default_na else set()
    if na_values is not None:
        na = na | set([na_values] if isinstance(na_values, str) else na_values)
    width = len(cols)
    implicit_index = bool(rows) and len(rows[0]) == width + 1
    data = {}
    dtypes = {}
    names_out = []
    for j, c in enumerate(cols):
        k = j + 1 if implicit_index else j
        if usecols is not None and c not in usecols and j not in usecols:
            continue
        cells = [r[k] if k < len(r) else '' for r in rows]
        vals, dt = _parse_column(cells, na)
        if c in data:
            c = str(c) + '.1'
        data[c] = vals
        dtypes[c] = dt
        names_out.append(c)
    if usecols is not None and not callable(usecols):
        order = [c for c in cols if c in names_out]
        names_out = order
    df = DataFrame._from(names_out, data, dtypes, Index._rng(len(rows)))
    if implicit_index:
        vals, _ = _parse_column([r[0] for r in rows], na)
        df._index = Index(vals)
    elif index_col is not None and index_col is not False:
        key = names_out[index_col] if isinstance(index_col, int) else index_col
        df = df.set_index(key)
        if isinstance(key, str) and key.startswith('Unnamed: '):
            df._index.name = None
    if dtype is not None:
        df = df.astype(dtype)
    return df


def _cell(v, na_rep, float_format, sep):
    if v is None or (isinstance(v, float) and v != v):
        return na_rep
    if isinstance(v, float) and float_format is not None:
        return float_format % v
    s = repr(v) if isinstance(v, float) else str(v)
    if sep in s or '"' in s or '\n' in s or '\r' in s:
        s = '"' + s.replace('"', '""') + '"'
    return s


def write_csv(df, path, sep, index, header, na_rep, float_format):
    lines = []
    if header:
        names = [str(c) for c in df._cols] if header is True else list(header)
        head = ([''] if df._index.name is None else [str(df._index.name)]) if index else []
        lines.append(sep.join(head + [_cell(c, na_rep, None, sep) for c in names]))
    for i in range(len(df._index)):
        cells = [_cell(df._index._labels[i], na_rep, float_format, sep)] if index else []
        for c in df._cols:
            v = df._data[c][i]
            if df._dtypes[c] == 'float32' and float_format is None and v == v:
                # float32 cells are written by their own shortest repr, as NumPy prints them
                v = str(np.float32(v))
            cells.append(_cell(v, na_rep, float_format, sep))
        lines.append(sep.join(cells))
    text = '\n'.join(lines) + '\n'
    if path is None:
        return text
    if hasattr(path, 'write'):
        path.write(text)
        return None
    with open(str(path), 'w') as f:
        f.write(text)
    return None
