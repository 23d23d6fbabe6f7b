# pandas._fmt for Kiln: how pandas 3.0 prints values, Series and DataFrames (its to_string layout):
# one formatter per column (floats: '{: .6f}' trimmed of common trailing zeros, scientific when a value
# is tiny or long and large; ints '{: d}'; the rest ' ' + str), right-justified columns joined by one
# space, the index left-justified, 60 rows at most (5 first and 5 last beyond, with '..' / '...'
# rows), text cells cut to 50 characters (display.max_colwidth). Frames wider than 80 characters lose
# their middle columns to a ' ...' column, as a plain interpreter's pandas fits them to the terminal.
MAX_ROWS = 60
MIN_ROWS = 10


def _isnan(v):
    return isinstance(v, float) and v != v


def _is_decimal(s):
    # pandas' _trim_zeros_float test: optional sign, digits, '.', digits (no exponent, no 'NaN')
    s = s.strip()
    if s[:1] in ('+', '-'):
        s = s[1:]
    head, dot, tail = s.partition('.')
    return dot == '.' and head.isdigit() and (tail == '' or tail.isdigit())


def format_floats(vals, leading=True):
    sp = ' ' if leading else ''

    def fmt(kind):
        spec = '{:' + sp + '.6' + kind + '}'
        return ['NaN' if v != v else spec.format(v) for v in vals]

    out = _trim(fmt('f'))
    # the switch to scientific notation judges the trimmed fixed-point strings (pandas 3 prints
    # 12345678.9 beside 1.5 in fixed point)
    too_long = len(out) > 0 and max(len(x) for x in out) > 12
    large = False
    small = False
    for v in vals:
        if v == v:
            a = abs(v)
            if a > 1e6:
                large = True
            if 0 < a < 1e-6:
                small = True
    if small or (too_long and large):
        return fmt('e')
    return out


def _trim(out):
    # pandas' _trim_zeros_float: drop trailing zeros all the fixed-point strings share, keep one decimal
    while True:
        nums = [x for x in out if _is_decimal(x)]
        if not nums or not all(x.endswith('0') for x in nums):
            break
        out = [x[:-1] if _is_decimal(x) else x for x in out]
    return [x + '0' if _is_decimal(x) and x.endswith('.') else x for x in out]


def format_values(vals, dtype, leading=True):
    sp = ' ' if leading else ''
    if dtype.startswith('float'):
        return format_floats(vals, leading)
    if dtype.startswith('int') or dtype.startswith('uint'):
        return [('{:' + sp + 'd}').format(v) for v in vals]
    out = []
    for v in vals:
        if v is None:
            out.append(sp + 'None')
        elif _isnan(v):
            out.append(sp + 'NaN')
        elif isinstance(v, float):
            # a float among objects: '{: .6f}' with its own trailing zeros trimmed
            t = ('{:' + sp + '.6f}').format(v).rstrip('0')
            out.append(t + '0' if t.endswith('.') else t)
        else:
            out.append(sp + str(v))
    return out


def format_labels(labels):
    # index labels: floats as a float column, the rest str(); left-justified by the caller
    # (pandas formats them as a column, then trims the leading spaces all of them share)
    if labels and all(isinstance(x, float) for x in labels):
        out = format_floats(labels)
    elif labels and all(isinstance(x, int) and not isinstance(x, bool) for x in labels):
        out = ['{: d}'.format(x) for x in labels]
    else:
        return [str(x) for x in labels]
    while out and all(x.startswith(' ') for x in out):
        out = [x[1:] for x in out]
    return out


def _ljust(col):
    w = max(len(x) for x in col) if col else 0
    return [x.ljust(w) for x in col]


def _rjust(col, w):
    return [x.rjust(w) for x in col]


def _truncate(n):
    # positions shown and the row after which the dots go (None: all rows shown)
    if n <= MAX_ROWS:
        return list(range(n)), None
    h = MIN_ROWS // 2
    return list(range(h)) + list(range(n - h, n)), h


def _adjoin(space, cols):
    widths = [max(len(x) for x in c) for c in cols]
    lines = []
    for r in range(len(cols[0])):
        parts = []
        for i, c in enumerate(cols):
            parts.append(c[r] if i == len(cols) - 1 else c[r].ljust(widths[i] + space))
        lines.append(''.join(parts))
    return '\n'.join(lines)


def series_repr(s):
    n = len(s._v)
    name = s.name
    if n == 0:
        head = 'Series([], ' + ('Name: ' + str(name) + ', ' if name is not None else '')
        return head + 'dtype: ' + s._dt + ')'
    pos, cut = _truncate(n)
    vals = format_values([s._v[i] for i in pos], s._dt)
    labels = s.index._labels
    idx = format_labels([labels[i] for i in pos])
    if cut is not None:
        w = max(len(x) for x in vals)
        vals.insert(cut, ('...' if w > 3 else '..').center(w))
        idx.insert(cut, '')
    w = max(len(x) for x in vals)
    body = _adjoin(3, [_ljust(idx), _rjust(vals, w)])
    if s.index.name is not None:
        body = str(s.index.name) + '\n' + body
    foot = []
    if name is not None:
        foot.append('Name: ' + str(name))
    if cut is not None:
        foot.append('Length: ' + str(n))
    foot.append('dtype: ' + s._dt)
    return body + '\n' + ', '.join(foot)


def frame_repr(df):
    n = len(df._index)
    cols = df._cols
    if n == 0 or not cols:
        return ('Empty DataFrame\nColumns: [' + ', '.join(str(c) for c in cols) + ']\nIndex: ['
                + ', '.join(str(x) for x in df._index._labels) + ']')
    pos, cut = _truncate(n)
    named = df._index.name is not None
    labels = df._index._labels
    idx = [''] + ([str(df._index.name)] if named else []) + format_labels([labels[i] for i in pos])
    idx = _ljust(idx)
    numeric = [df._dtypes[c] != 'object' and df._dtypes[c] != 'str' for c in cols]

    def strcol(j, lead):
        # column j; `lead`: the header's leading space of a numeric column
        c = cols[j]
        head = (' ' if lead else '') + str(c)
        vals = format_values([df._data[c][i] for i in pos], df._dtypes[c])
        if not numeric[j]:
            # display.max_colwidth (50): longer cells end in '...'
            vals = [v[:47] + '...' if len(v) > 50 else v for v in vals]
        w = max([len(head)] + [len(x) for x in vals])
        return [head.rjust(w)] + ([''.rjust(w)] if named else []) + _rjust(vals, w)

    strcols = [idx] + [strcol(j, numeric[j]) for j in range(len(cols))]
    kept = _fit_width(strcols)
    dot_col = None
    if kept is not None:
        # pandas pairs the kept columns' labels with the whole frame's dtypes in order when it
        # decides the headers' leading spaces (zip(fmt_columns, self.frame.dtypes)), so the k-th
        # kept column takes the k-th column's numeric-ness for its header
        strcols = [idx] + [strcol(j, numeric[k]) for k, j in enumerate(kept)]
        dot_col = len(kept) // 2 + 1
        strcols.insert(dot_col, [' ...'] * len(strcols[0]))
    if cut is not None:
        at = cut + (2 if named else 1)
        for i, col in enumerate(strcols):
            w = len(col[at - 1])
            dots = '...' if w > 3 or i == dot_col else '..'
            col.insert(at, dots.ljust(w) if i == 0 else dots.rjust(w))
    text = _adjoin(1, strcols)
    if cut is not None or dot_col is not None:
        text += '\n\n[' + str(n) + ' rows x ' + str(len(cols)) + ' columns]'
    return text


def _fit_width(strcols):
    # pandas' _fit_strcols_to_terminal_width (display.max_columns is 0 in a plain interpreter, the
    # terminal width 80 when stdout is no terminal): while the joined lines are too wide (by one more
    # than their excess), drop the middle column (round(n / 2) of what is left, the index counted);
    # then the frame keeps max(fitted, 2) // 2 columns from each end, and a ' ...' column goes after
    # the left half. Returns the kept columns' positions (None: every column fits).
    ncols = len(strcols) - 1
    max_len = max(len(line) for line in _adjoin(1, strcols).split('\n'))
    adj_dif = max_len - 80 + 1
    lens = [max(len(x) for x in c) for c in strcols]
    keys = list(range(len(lens)))
    while adj_dif > 0 and len(keys) > 1:
        mid = round(len(keys) / 2)
        adj_dif -= lens[keys[mid]] + 1
        del keys[mid]
    fitted = max(len(keys) - 1, 2)
    if ncols <= fitted:
        return None
    col_num = fitted // 2
    return list(range(col_num)) + list(range(ncols - col_num, ncols))


def index_repr(ix):
    if ix._range is not None:
        a, b, c = ix._range
        return 'RangeIndex(start=' + str(a) + ', stop=' + str(b) + ', step=' + str(c) + ')'
    dt = ix.dtype
    items = ', '.join(repr(x) for x in ix._labels)
    tail = ", dtype='" + dt + "'"
    if ix.name is not None:
        tail += ', name=' + repr(ix.name)
    return 'Index([' + items + ']' + tail + ')'
