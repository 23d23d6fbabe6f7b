# pandas' Series.str accessor for Kiln: the string methods text-cleaning code calls before building
# a vocabulary (df['text'].str.lower().str.replace(...), .str.len(), .str.contains(...), .str.split()).
# Missing cells stay missing: methods returning text keep NaN; under the `str` dtype (pandas 3)
# predicates give False and lengths give NaN in a float64 result, under the object dtype predicates
# give NaN in an object result, as pandas does. replace() takes pandas 2+'s regex=False default.
import re


def _nan(v):
    return v is None or (isinstance(v, float) and v != v)


class StringMethods:
    def __init__(self, series):
        self._s = series

    def _map_str(self, fn):
        s = self._s
        out = [v if _nan(v) else fn(v) for v in s._v]
        return s._new(out, s._dt)

    def _map_bool(self, fn, na=None):
        s = self._s
        if s._dt == 'str':
            out = [(False if na is None else bool(na)) if _nan(v) else bool(fn(v)) for v in s._v]
            return s._new(out, 'bool')
        out = [(float('nan') if na is None else na) if _nan(v) else bool(fn(v)) for v in s._v]
        return s._new(out, 'bool' if not any(_nan(v) for v in out) else 'object')

    def _map_int(self, fn):
        s = self._s
        out = [float('nan') if _nan(v) else fn(v) for v in s._v]
        if any(_nan(v) for v in out):
            return s._new([float(v) for v in out], 'float64')
        return s._new(out, 'int64')

    def _map_obj(self, fn):
        s = self._s
        out = [v if _nan(v) else fn(v) for v in s._v]
        return s._new(out, 'object')

    # case and whitespace
    def lower(self):
        return self._map_str(lambda v: v.lower())

    def upper(self):
        return self._map_str(lambda v: v.upper())

    def title(self):
        return self._map_str(lambda v: v.title())

    def capitalize(self):
        return self._map_str(lambda v: v.capitalize())

    def swapcase(self):
        return self._map_str(lambda v: v.swapcase())

    def casefold(self):
        return self._map_str(lambda v: v.casefold())

    def strip(self, to_strip=None):
        return self._map_str(lambda v: v.strip(to_strip))

    def lstrip(self, to_strip=None):
        return self._map_str(lambda v: v.lstrip(to_strip))

    def rstrip(self, to_strip=None):
        return self._map_str(lambda v: v.rstrip(to_strip))

    def zfill(self, width):
        return self._map_str(lambda v: v.zfill(width))

    def pad(self, width, side='left', fillchar=' '):
        if side == 'left':
            return self._map_str(lambda v: v.rjust(width, fillchar))
        if side == 'right':
            return self._map_str(lambda v: v.ljust(width, fillchar))
        return self._map_str(lambda v: v.center(width, fillchar))

    # measures and predicates
    def len(self):
        return self._map_int(len)

    def count(self, pat, flags=0):
        rx = re.compile(pat, flags)
        return self._map_int(lambda v: len(rx.findall(v)))

    def contains(self, pat, case=True, flags=0, na=None, regex=True):
        if regex:
            rx = re.compile(pat, flags if case else flags | re.IGNORECASE)
            return self._map_bool(lambda v: rx.search(v) is not None, na)
        if case:
            return self._map_bool(lambda v: pat in v, na)
        low = pat.lower()
        return self._map_bool(lambda v: low in v.lower(), na)

    def startswith(self, pat, na=None):
        return self._map_bool(lambda v: v.startswith(pat), na)

    def endswith(self, pat, na=None):
        return self._map_bool(lambda v: v.endswith(pat), na)

    def match(self, pat, case=True, flags=0, na=None):
        rx = re.compile(pat, flags if case else flags | re.IGNORECASE)
        return self._map_bool(lambda v: rx.match(v) is not None, na)

    def fullmatch(self, pat, case=True, flags=0, na=None):
        rx = re.compile(pat, flags if case else flags | re.IGNORECASE)
        return self._map_bool(lambda v: rx.fullmatch(v) is not None, na)

    def isdigit(self):
        return self._map_bool(lambda v: v.isdigit())

    def isalpha(self):
        return self._map_bool(lambda v: v.isalpha())

    def isalnum(self):
        return self._map_bool(lambda v: v.isalnum())

    def isnumeric(self):
        return self._map_bool(lambda v: v.isnumeric())

    def isspace(self):
        return self._map_bool(lambda v: v.isspace())

    def islower(self):
        return self._map_bool(lambda v: v.islower())

    def isupper(self):
        return self._map_bool(lambda v: v.isupper())

    # rewriting
    def replace(self, pat, repl, n=-1, case=None, flags=0, regex=False):
        if regex or callable(repl):
            if case is False:
                flags |= re.IGNORECASE
            rx = re.compile(pat, flags) if isinstance(pat, str) else pat
            count = 0 if n < 0 else n
            return self._map_str(lambda v: rx.sub(repl, v, count=count))
        if case is False:
            rx = re.compile(re.escape(pat), flags | re.IGNORECASE)
            count = 0 if n < 0 else n
            return self._map_str(lambda v: rx.sub(lambda m: repl, v, count=count))
        return self._map_str(lambda v: v.replace(pat, repl, n))

    def slice(self, start=None, stop=None, step=None):
        return self._map_str(lambda v: v[start:stop:step])

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self.slice(key.start, key.stop, key.step)
        return self.get(key)

    def get(self, i):
        def pick(v):
            try:
                return v[i]
            except (IndexError, KeyError):
                return float('nan')
        s = self._s
        out = [v if _nan(v) else pick(v) for v in s._v]
        return s._new(out)

    def split(self, pat=None, n=-1, expand=False, regex=None):
        if expand:
            raise NotImplementedError("str.split(expand=True) is not supported in Kiln's pandas")
        maxsplit = -1 if n is None or n <= 0 else n
        if regex or (regex is None and pat is not None and len(pat) > 1):
            rx = re.compile(pat)
            return self._map_obj(lambda v: rx.split(v, maxsplit=0 if maxsplit < 0 else maxsplit))
        return self._map_obj(lambda v: v.split(pat, maxsplit))

    def rsplit(self, pat=None, n=-1, expand=False):
        if expand:
            raise NotImplementedError("str.rsplit(expand=True) is not supported in Kiln's pandas")
        return self._map_obj(lambda v: v.rsplit(pat, -1 if n is None or n <= 0 else n))

    def findall(self, pat, flags=0):
        rx = re.compile(pat, flags)
        return self._map_obj(lambda v: rx.findall(v))

    def join(self, sep):
        s = self._s
        out = [v if _nan(v) else sep.join(v) for v in s._v]
        return s._new(out)

    def cat(self, others=None, sep=None, na_rep=None):
        s = self._s
        sep = '' if sep is None else sep
        if others is None:
            vals = [v if not _nan(v) else na_rep for v in s._v]
            return sep.join(v for v in vals if v is not None)
        other = list(others._v) if hasattr(others, '_v') else list(others)
        out = []
        for a, b in zip(s._v, other):
            if (_nan(a) or _nan(b)) and na_rep is None:
                out.append(float('nan'))
            else:
                out.append((na_rep if _nan(a) else a) + sep + (na_rep if _nan(b) else b))
        return s._new(out, s._dt)
