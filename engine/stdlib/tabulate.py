# tabulate: the third-party table printer (python-tabulate 0.9) that torch.fx's Graph.print_tabular
# needs and that evaluation scripts import to print metrics. tabulate(tabular_data, headers,
# tablefmt, floatfmt, intfmt, numalign, stralign, missingval, showindex, disable_numparse, colalign)
# with tabulate's rules: each column's type is the most generic of its cells (bool < int < float <
# str, numbers parsed from strings), numbers align on the decimal point and strings to the left,
# columns are at least their header plus 2 wide, headers align with their column; the formats
# plain, simple (default), github, pipe, grid, psql, rst, orgtbl, presto and tsv. Not here:
# multiline cells, wide characters, maxcolwidths wrapping, and the HTML/LaTeX/MediaWiki formats.
import math
from collections import namedtuple

__all__ = ["tabulate", "tabulate_formats", "simple_separated_format"]

Line = namedtuple("Line", ["begin", "hline", "sep", "end"])
DataRow = namedtuple("DataRow", ["begin", "sep", "end"])
TableFormat = namedtuple("TableFormat", ["lineabove", "linebelowheader", "linebetweenrows", "linebelow", "headerrow",
                                         "datarow", "padding", "with_header_hide"])

MIN_PADDING = 2
PRESERVE_WHITESPACE = False
_DEFAULT_FLOATFMT = "g"
_DEFAULT_INTFMT = ""
_DEFAULT_MISSINGVAL = ""
_DEFAULT_ALIGN = "default"


def _pipe_segment_with_colons(align, colwidth):
    w = colwidth
    if align in ("right", "decimal"):
        return ("-" * (w - 1)) + ":"
    if align == "center":
        return ":" + ("-" * (w - 2)) + ":"
    if align == "left":
        return ":" + ("-" * (w - 1))
    return "-" * w


def _pipe_line_with_colons(colwidths, colaligns):
    if not colaligns:
        colaligns = [""] * len(colwidths)
    return "|" + "|".join(_pipe_segment_with_colons(a, w) for a, w in zip(colaligns, colwidths)) + "|"


_table_formats = {
    "simple": TableFormat(Line("", "-", "  ", ""), Line("", "-", "  ", ""), None, Line("", "-", "  ", ""),
                          DataRow("", "  ", ""), DataRow("", "  ", ""), 0, ["lineabove", "linebelow"]),
    "plain": TableFormat(None, None, None, None, DataRow("", "  ", ""), DataRow("", "  ", ""), 0, None),
    "github": TableFormat(Line("|", "-", "|", "|"), Line("|", "-", "|", "|"), None, None, DataRow("|", "|", "|"),
                          DataRow("|", "|", "|"), 1, ["lineabove"]),
    "pipe": TableFormat(_pipe_line_with_colons, _pipe_line_with_colons, None, None, DataRow("|", "|", "|"),
                        DataRow("|", "|", "|"), 1, ["lineabove"]),
    "grid": TableFormat(Line("+", "-", "+", "+"), Line("+", "=", "+", "+"), Line("+", "-", "+", "+"),
                        Line("+", "-", "+", "+"), DataRow("|", "|", "|"), DataRow("|", "|", "|"), 1, None),
    "psql": TableFormat(Line("+", "-", "+", "+"), Line("|", "-", "+", "|"), None, Line("+", "-", "+", "+"),
                        DataRow("|", "|", "|"), DataRow("|", "|", "|"), 1, None),
    "rst": TableFormat(Line("", "=", "  ", ""), Line("", "=", "  ", ""), None, Line("", "=", "  ", ""),
                       DataRow("", "  ", ""), DataRow("", "  ", ""), 0, None),
    "orgtbl": TableFormat(None, Line("|", "-", "+", "|"), None, None, DataRow("|", "|", "|"), DataRow("|", "|", "|"),
                          1, None),
    "presto": TableFormat(None, Line("", "-", "+", ""), None, None, DataRow("", "|", ""), DataRow("", "|", ""), 1,
                          None),
    "tsv": TableFormat(None, None, None, None, DataRow("", "\t", ""), DataRow("", "\t", ""), 0, None),
}

tabulate_formats = sorted(_table_formats)


def simple_separated_format(separator):
    return TableFormat(None, None, None, None, DataRow("", separator, ""), DataRow("", separator, ""), 0, None)


def _isconvertible(conv, string):
    try:
        conv(string)
        return True
    except (ValueError, TypeError):
        return False


def _isnumber(string):
    if not _isconvertible(float, string):
        return False
    if isinstance(string, (str, bytes)) and (math.isinf(float(string)) or math.isnan(float(string))):
        return string.lower() in ("inf", "-inf", "nan")
    return True


def _isint(string):
    return (type(string) is int
            or (type(string).__module__ == "numpy" and type(string).__name__.startswith(("int", "uint")))
            or (isinstance(string, (bytes, str)) and _isconvertible(int, string)))


def _isbool(string):
    return type(string) is bool or (isinstance(string, (bytes, str)) and string in ("True", "False"))


# the column types from the least to the most generic
_GENERICITY = {type(None): 0, bool: 1, int: 2, float: 3, bytes: 4, str: 5}


def _type(string, numparse=True):
    if string is None:
        return type(None)
    if hasattr(string, "isoformat"):  # dates and times print as text
        return str
    if _isbool(string):
        return bool
    if _isint(string) and numparse:
        return int
    if _isnumber(string) and numparse:
        return float
    if isinstance(string, bytes):
        return bytes
    return str


def _column_type(strings, numparse=True):
    best = bool
    for s in strings:
        t = _type(s, numparse)
        if _GENERICITY.get(t, 5) > _GENERICITY.get(best, 5):
            best = t
    return best


def _format(val, valtype, floatfmt, intfmt, missingval=""):
    if val is None:
        return missingval
    if valtype is str:
        return f"{val}"
    if valtype is int:
        return format(val, intfmt)
    if valtype is bytes:
        try:
            return str(val, "ascii")
        except (TypeError, UnicodeDecodeError):
            return str(val)
    if valtype is float:
        if isinstance(val, (bytes, str)) and not _isnumber(val):
            return f"{val}"
        return format(float(val), floatfmt)
    return f"{val}"


def _afterpoint(string):
    if _isnumber(string):
        if _isint(string):
            return -1
        pos = string.rfind(".")
        pos = string.lower().rfind("e") if pos < 0 else pos
        return len(string) - pos - 1 if pos >= 0 else -1
    return -1


def _padleft(width, s):
    return s.rjust(width)


def _padright(width, s):
    return s.ljust(width)


def _padboth(width, s):
    return s.center(width)


def _align_column(strings, alignment, minwidth=0):
    if alignment == "right":
        strings = strings if PRESERVE_WHITESPACE else [s.strip() for s in strings]
        padfn = _padleft
    elif alignment == "center":
        strings = strings if PRESERVE_WHITESPACE else [s.strip() for s in strings]
        padfn = _padboth
    elif alignment == "decimal":
        decimals = [_afterpoint(s) for s in strings]
        maxdecimals = max(decimals) if decimals else 0
        strings = [s + (maxdecimals - d) * " " for s, d in zip(strings, decimals)]
        padfn = _padleft
    elif not alignment:
        return strings
    else:
        strings = strings if PRESERVE_WHITESPACE else [s.strip() for s in strings]
        padfn = _padright
    maxwidth = max(max((len(s) for s in strings), default=0), minwidth)
    return [padfn(maxwidth, s) for s in strings]


def _align_header(header, alignment, width):
    if alignment == "left":
        return _padright(width, header)
    if alignment == "center":
        return _padboth(width, header)
    if not alignment:
        return f"{header}"
    return _padleft(width, header)


def _normalize_tabular_data(tabular_data, headers, showindex="default"):
    """The rows (lists) and headers (strings) of any table tabulate accepts."""
    index = None
    if hasattr(tabular_data, "keys") and hasattr(tabular_data, "values"):
        # a dict of columns: the keys are the headers
        keys = list(tabular_data.keys())
        columns = [list(v) for v in tabular_data.values()]
        nrows = max((len(c) for c in columns), default=0)
        rows = [[c[i] if i < len(c) else None for c in columns] for i in range(nrows)]
        if headers == "keys":
            headers = [str(k) for k in keys]
    else:
        rows = list(tabular_data)
        if headers == "keys" and rows and hasattr(rows[0], "_fields"):
            headers = list(rows[0]._fields)
        elif rows and isinstance(rows[0], dict):
            # a list of dicts: the keys in order of first appearance
            keys = []
            for row in rows:
                for k in row:
                    if k not in keys:
                        keys.append(k)
            if headers == "keys":
                headers = [str(k) for k in keys]
            elif headers == "firstrow":
                first = rows[0]
                headers = [str(first.get(k, k)) for k in keys]
                rows = rows[1:]
            elif isinstance(headers, dict):
                headers = [str(headers.get(k, k)) for k in keys]
            rows = [[row.get(k) for k in keys] for row in rows]
        elif headers == "keys":
            headers = [str(i) for i in range(len(rows[0]))] if rows else []
        rows = [list(row) if not isinstance(row, (str, bytes)) else [row] for row in rows]
    if headers == "firstrow":
        if rows:
            headers = [str(h) for h in rows[0]]
            rows = rows[1:]
        else:
            headers = []
    headers = [str(h) for h in headers] if headers not in ("keys", "firstrow") else []
    if showindex == "always" or showindex is True:
        index = list(range(len(rows)))
    elif showindex not in ("default", "never", False, None) and not isinstance(showindex, (str, bool)):
        index = list(showindex)
        if len(index) != len(rows):
            raise ValueError("index must be as long as the number of data rows")
    if index is not None:
        rows = [[i] + row for i, row in zip(index, rows)]
        if headers:
            headers = [""] + headers
    if headers and rows:
        ncols = max(len(r) for r in rows)
        if len(headers) < ncols:
            headers = [""] * (ncols - len(headers)) + headers
    return rows, headers


def _build_simple_row(padded_cells, rowfmt):
    begin, sep, end = rowfmt
    return (begin + sep.join(padded_cells) + end).rstrip()


def _build_line(colwidths, colaligns, linefmt):
    if callable(linefmt):
        return linefmt(colwidths, colaligns)
    begin, fill, sep, end = linefmt
    return _build_simple_row([fill * w for w in colwidths], (begin, sep, end))


def tabulate(tabular_data, headers=(), tablefmt="simple", floatfmt=_DEFAULT_FLOATFMT, intfmt=_DEFAULT_INTFMT,
             numalign=_DEFAULT_ALIGN, stralign=_DEFAULT_ALIGN, missingval=_DEFAULT_MISSINGVAL, showindex="default",
             disable_numparse=False, colalign=None, maxcolwidths=None, rowalign=None, maxheadercolwidths=None):
    if tabular_data is None:
        tabular_data = []
    rows, headers = _normalize_tabular_data(tabular_data, headers, showindex=showindex)
    min_padding = MIN_PADDING
    if tablefmt == "pretty":
        min_padding = 0
        disable_numparse = True
        numalign = "center" if numalign == _DEFAULT_ALIGN else numalign
        stralign = "center" if stralign == _DEFAULT_ALIGN else stralign
        fmt = TableFormat(Line("+", "-", "+", "+"), Line("+", "-", "+", "+"), None, Line("+", "-", "+", "+"),
                          DataRow("|", "|", "|"), DataRow("|", "|", "|"), 1, None)
    elif isinstance(tablefmt, TableFormat):
        fmt = tablefmt
    else:
        fmt = _table_formats.get(tablefmt, _table_formats["simple"])
    numalign = "decimal" if numalign == _DEFAULT_ALIGN else numalign
    stralign = "left" if stralign == _DEFAULT_ALIGN else stralign
    ncols = max([len(r) for r in rows] + [len(headers)]) if (rows or headers) else 0
    rows = [r + [None] * (ncols - len(r)) for r in rows]
    cols = [[r[i] for r in rows] for i in range(ncols)]
    coltypes = [_column_type(c, not disable_numparse) for c in cols]
    floatfmts = list(floatfmt) if isinstance(floatfmt, (list, tuple)) else [floatfmt] * ncols
    intfmts = list(intfmt) if isinstance(intfmt, (list, tuple)) else [intfmt] * ncols
    missingvals = list(missingval) if isinstance(missingval, (list, tuple)) else [missingval] * ncols
    cols = [[_format(v, ct, ff, nf, mv) for v in c]
            for c, ct, ff, nf, mv in zip(cols, coltypes, floatfmts, intfmts, missingvals)]
    aligns = [numalign if ct in (int, float) else stralign for ct in coltypes]
    if colalign is not None:
        for i, a in enumerate(list(colalign)[:ncols]):
            aligns[i] = a
    minwidths = [len(h) + min_padding for h in headers] if headers else [0] * ncols
    cols = [_align_column(c, a, mw) for c, a, mw in zip(cols, aligns, minwidths)]
    if headers:
        t_cols = cols or [[""]] * len(headers)
        t_aligns = aligns or [stralign] * len(headers)
        minwidths = [max(mw, max((len(cl) for cl in c), default=0)) for mw, c in zip(minwidths, t_cols)]
        headers = [_align_header(h, a, mw) for h, a, mw in zip(headers, t_aligns, minwidths)]
        rows = list(zip(*cols))
    else:
        minwidths = [max((len(cl) for cl in c), default=0) for c in cols]
        rows = list(zip(*cols))
    return _format_table(fmt, headers, rows, minwidths, aligns)


def _format_table(fmt, headers, rows, colwidths, colaligns):
    lines = []
    hidden = fmt.with_header_hide if (headers and fmt.with_header_hide) else []
    pad = fmt.padding
    padded_widths = [w + 2 * pad for w in colwidths]

    def pad_row(cells):
        return [" " * pad + c + " " * pad for c in cells]

    if fmt.lineabove and "lineabove" not in hidden:
        lines.append(_build_line(padded_widths, colaligns, fmt.lineabove))
    if headers:
        lines.append(_build_simple_row(pad_row(headers), fmt.headerrow))
        if fmt.linebelowheader and "linebelowheader" not in hidden:
            lines.append(_build_line(padded_widths, colaligns, fmt.linebelowheader))
    padded_rows = [pad_row(r) for r in rows]
    if padded_rows and fmt.linebetweenrows and "linebetweenrows" not in hidden:
        for r in padded_rows[:-1]:
            lines.append(_build_simple_row(r, fmt.datarow))
            lines.append(_build_line(padded_widths, colaligns, fmt.linebetweenrows))
        lines.append(_build_simple_row(padded_rows[-1], fmt.datarow))
    else:
        for r in padded_rows:
            lines.append(_build_simple_row(r, fmt.datarow))
    if fmt.linebelow and "linebelow" not in hidden:
        lines.append(_build_line(padded_widths, colaligns, fmt.linebelow))
    return "\n".join(lines)
