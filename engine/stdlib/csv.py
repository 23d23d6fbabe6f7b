# csv: reader, writer, DictReader, DictWriter, dialects (excel, excel-tab, unix), register_dialect/
# get_dialect/unregister_dialect/list_dialects, field_size_limit, the QUOTE_* constants and Error,
# over any iterable of lines (Kiln's text files, io.StringIO, lists) and any object with write().
# Parsing follows CPython's state machine: quotechar, doublequote, escapechar, skipinitialspace,
# strict, QUOTE_NONNUMERIC (unquoted fields become floats), QUOTE_NONE, newlines inside quoted
# fields. Writing quotes as CPython does (QUOTE_MINIMAL quotes fields holding the delimiter, the
# quotechar, a line break or a leading space... only when needed; a row of one empty field is "").
# Left out: Sniffer (raises NotImplementedError).

__all__ = ["QUOTE_MINIMAL", "QUOTE_ALL", "QUOTE_NONNUMERIC", "QUOTE_NONE", "Error", "Dialect", "excel",
           "excel_tab", "field_size_limit", "reader", "writer", "register_dialect", "get_dialect",
           "list_dialects", "Sniffer", "unregister_dialect", "DictReader", "DictWriter", "unix_dialect"]

QUOTE_MINIMAL = 0
QUOTE_ALL = 1
QUOTE_NONNUMERIC = 2
QUOTE_NONE = 3
__version__ = "1.0"


class Error(Exception):
    __module__ = '_csv'  # CPython's class lives in the C module


class Dialect:
    _name = ""
    _valid = False
    delimiter = None
    quotechar = None
    escapechar = None
    doublequote = None
    skipinitialspace = None
    lineterminator = None
    quoting = None
    strict = False

    def __init__(self):
        if type(self) is not Dialect:
            self._valid = True


class excel(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL


class excel_tab(excel):
    delimiter = '\t'


class unix_dialect(Dialect):
    delimiter = ','
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = '\n'
    quoting = QUOTE_ALL


_dialects = {"excel": excel, "excel-tab": excel_tab, "unix": unix_dialect}
_field_limit = 131072


class _Params:
    def __init__(self, dialect, kw):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for name in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
                     'lineterminator', 'quoting', 'strict'):
            default = getattr(excel, name)
            v = getattr(dialect, name, default) if dialect is not None else default
            if v is None and name in ('doublequote', 'skipinitialspace', 'strict', 'quoting'):
                v = default
            if name in kw:
                v = kw.pop(name)
            setattr(self, name, v)
        if kw:
            k = next(iter(kw))
            raise TypeError("'%s' is an invalid keyword argument for this function" % k)
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            raise TypeError('"delimiter" must be a 1-character string')
        if self.quotechar is not None and (not isinstance(self.quotechar, str) or len(self.quotechar) != 1):
            raise TypeError('"quotechar" must be a 1-character string')
        if self.quotechar is None and self.quoting != QUOTE_NONE:
            raise TypeError('quotechar must be set if quoting enabled')
        if self.quoting not in (0, 1, 2, 3):
            raise TypeError('bad "quoting" value')
        if not isinstance(self.lineterminator, str):
            raise TypeError('"lineterminator" must be a string')


def register_dialect(name, dialect=None, **fmtparams):
    if not isinstance(name, str):
        raise TypeError("dialect name must be a string")
    p = _Params(dialect, dict(fmtparams))
    d = type(name, (Dialect,), {})
    for k in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
              'lineterminator', 'quoting', 'strict'):
        setattr(d, k, getattr(p, k))
    _dialects[name] = d


def unregister_dialect(name):
    if name not in _dialects:
        raise Error("unknown dialect")
    del _dialects[name]


def get_dialect(name):
    if name not in _dialects:
        raise Error("unknown dialect")
    return _dialects[name]


def list_dialects():
    return list(_dialects)


def field_size_limit(*args):
    global _field_limit
    old = _field_limit
    if args:
        if not isinstance(args[0], int):
            raise TypeError("limit must be an integer")
        _field_limit = args[0]
    return old


class _Reader:
    def __init__(self, f, dialect, kw):
        self._it = iter(f)
        self.dialect = _Params(dialect, kw)
        self.line_num = 0

    def __iter__(self):
        return self

    def __next__(self):
        d = self.dialect
        fields = []
        field = []
        state = 'start_record'
        quoted = False
        while True:
            try:
                line = next(self._it)
            except StopIteration:
                if state in ('start_record',):
                    raise
                if state == 'in_quoted' or state == 'escape_in_quoted':
                    if d.strict:
                        raise Error("unexpected end of data")
                fields.append(self._finish(field, quoted))
                return fields
            if not isinstance(line, str):
                raise Error("iterator should return strings, not %s (the file should be opened in text mode)"
                            % type(line).__name__)
            self.line_num += 1
            i = 0
            n = len(line)
            while i < n:
                c = line[i]
                if state == 'start_record':
                    if c == '\n' or c == '\r':
                        state = 'eat_crnl'
                        i += 1
                        continue
                    state = 'start_field'
                    continue
                if state == 'start_field':
                    quoted = False
                    if c == '\n' or c == '\r':
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = 'eat_crnl'
                    elif c == d.quotechar and d.quoting != QUOTE_NONE:
                        quoted = True
                        state = 'in_quoted'
                    elif c == d.escapechar:
                        state = 'escape'
                    elif c == ' ' and d.skipinitialspace:
                        pass
                    elif c == d.delimiter:
                        fields.append(self._finish(field, quoted))
                        field = []
                    else:
                        field.append(c)
                        state = 'in_field'
                elif state == 'escape':
                    field.append(c)
                    state = 'in_field'
                elif state == 'in_field':
                    if c == '\n' or c == '\r':
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = 'eat_crnl'
                    elif c == d.escapechar:
                        state = 'escape'
                    elif c == d.delimiter:
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = 'start_field'
                    else:
                        field.append(c)
                elif state == 'in_quoted':
                    if c == d.escapechar:
                        state = 'escape_in_quoted'
                    elif c == d.quotechar and d.quoting != QUOTE_NONE:
                        state = 'quote_in_quoted' if d.doublequote else 'in_field'
                    else:
                        field.append(c)
                elif state == 'escape_in_quoted':
                    field.append(c)
                    state = 'in_quoted'
                elif state == 'quote_in_quoted':
                    if c == d.quotechar and d.quoting != QUOTE_NONE:
                        field.append(c)
                        state = 'in_quoted'
                    elif c == d.delimiter:
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = 'start_field'
                    elif c == '\n' or c == '\r':
                        fields.append(self._finish(field, quoted))
                        field = []
                        state = 'eat_crnl'
                    elif not d.strict:
                        field.append(c)
                        state = 'in_field'
                    else:
                        raise Error("'%s' expected after '%s'" % (d.delimiter, d.quotechar))
                elif state == 'eat_crnl':
                    if c == '\n' or c == '\r':
                        pass
                    else:
                        raise Error("new-line character seen in unquoted field - do you need to open the file in universal-newline mode?")
                i += 1
                if len(field) > _field_limit:
                    raise Error("field larger than field limit (%d)" % _field_limit)
            # end of a line
            if state == 'eat_crnl' or state == 'start_record':
                if state == 'start_record':
                    continue
                return fields
            if state in ('in_quoted', 'escape_in_quoted'):
                continue  # a quoted field goes on over the line break
            if state == 'escape':
                field.append('\n')
                state = 'in_field'
                continue
            # a line without its terminator (the last one): the record ends here
            fields.append(self._finish(field, quoted))
            return fields

    def _finish(self, field, quoted):
        s = ''.join(field)
        if self.dialect.quoting == QUOTE_NONNUMERIC and not quoted and s:
            return float(s)
        return s


def reader(csvfile, dialect='excel', **fmtparams):
    return _Reader(csvfile, dialect, dict(fmtparams))


class _Writer:
    def __init__(self, f, dialect, kw):
        if not hasattr(f, 'write'):
            raise TypeError('argument 1 must have a "write" method')
        self._f = f
        self.dialect = _Params(dialect, kw)

    def _field(self, x, only):
        d = self.dialect
        if x is None:
            s = ''
        elif isinstance(x, float):
            s = repr(x)
        else:
            s = str(x)
        numeric = isinstance(x, (int, float)) and not isinstance(x, bool)
        if d.quoting == QUOTE_ALL:
            quote = True
        elif d.quoting == QUOTE_NONNUMERIC:
            quote = not numeric
        else:
            quote = False
        out = []
        for c in s:
            special = c == d.delimiter or c == d.escapechar or c == d.quotechar or c in '\r\n' or \
                (c in d.lineterminator)
            if not special:
                out.append(c)
                continue
            if d.quoting == QUOTE_NONE:
                if d.escapechar is None:
                    raise Error("need to escape, but no escapechar set")
                out.append(d.escapechar)
                out.append(c)
                continue
            if c == d.quotechar:
                if d.doublequote:
                    out.append(c)
                    out.append(c)
                elif d.escapechar is not None:
                    out.append(d.escapechar)
                    out.append(c)
                else:
                    raise Error("need to escape, but no escapechar set")
                quote = True
                continue
            if c == d.escapechar and d.escapechar is not None:
                out.append(d.escapechar)
                out.append(c)
                continue
            quote = True
            out.append(c)
        s = ''.join(out)
        if not s and only and d.quoting != QUOTE_NONE:
            if d.quoting == QUOTE_NONE:
                raise Error("single empty field record must be quoted")
            quote = True
        if quote and d.quoting != QUOTE_NONE:
            return d.quotechar + s + d.quotechar
        return s

    def writerow(self, row):
        try:
            items = list(row)
        except TypeError:
            raise Error("iterable expected, not %s" % type(row).__name__)
        line = self.dialect.delimiter.join(self._field(x, len(items) == 1) for x in items)
        line += self.dialect.lineterminator
        return self._f.write(line)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect='excel', **fmtparams):
    return _Writer(csvfile, dialect, dict(fmtparams))


class DictReader:
    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect="excel", *args, **kwds):
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.reader = reader(f, dialect, *args, **kwds)
        self.dialect = dialect
        self.line_num = 0

    def __iter__(self):
        return self

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    @fieldnames.setter
    def fieldnames(self, value):
        self._fieldnames = value

    def __next__(self):
        if self.line_num == 0:
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num
        while row == []:
            row = next(self.reader)
        d = dict(zip(self.fieldnames, row))
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d


class DictWriter:
    def __init__(self, f, fieldnames, restval="", extrasaction="raise", dialect="excel", *args, **kwds):
        self.fieldnames = list(fieldnames)
        self.restval = restval
        if extrasaction.lower() not in ("raise", "ignore"):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, *args, **kwds)

    def writeheader(self):
        header = dict(zip(self.fieldnames, self.fieldnames))
        return self.writerow(header)

    def _dict_to_list(self, rowdict):
        if self.extrasaction == "raise":
            wrong = [k for k in rowdict if k not in self.fieldnames]
            if wrong:
                raise ValueError("dict contains fields not in fieldnames: " + ", ".join([repr(x) for x in wrong]))
        return [rowdict.get(key, self.restval) for key in self.fieldnames]

    def writerow(self, rowdict):
        return self.writer.writerow(self._dict_to_list(rowdict))

    def writerows(self, rowdicts):
        return self.writer.writerows(map(self._dict_to_list, rowdicts))


class Sniffer:
    def __init__(self):
        raise NotImplementedError("csv.Sniffer is not supported in Kiln; pass the dialect explicitly")
