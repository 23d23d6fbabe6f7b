# reprlib: CPython 3.12's size-limited reprs. Repr (the per-type limits maxlevel, maxtuple, maxlist,
# maxarray, maxdict, maxset, maxfrozenset, maxdeque, maxstring, maxlong, maxother, the fillvalue and
# 3.12's indent, all settable as keyword arguments or attributes; dispatch to a `repr_TYPENAME`
# method, so subclasses add types), the module's aRepr and repr(), and the recursive_repr decorator
# that stops a __repr__ from recursing into itself. Nothing is left out.

__all__ = ["Repr", "repr", "recursive_repr"]

import builtins
from itertools import islice


def _get_ident():
    import threading
    return threading.get_ident()


def recursive_repr(fillvalue='...'):
    # A __repr__ that meets its own object again (a container holding itself) returns fillvalue
    # there instead of recursing; keyed by the object and the thread, as CPython's.
    def decorating_function(user_function):
        repr_running = set()

        def wrapper(self):
            key = id(self), _get_ident()
            if key in repr_running:
                return fillvalue
            repr_running.add(key)
            try:
                result = user_function(self)
            finally:
                repr_running.discard(key)
            return result

        wrapper.__module__ = getattr(user_function, '__module__')
        wrapper.__doc__ = getattr(user_function, '__doc__')
        wrapper.__name__ = getattr(user_function, '__name__')
        wrapper.__qualname__ = getattr(user_function, '__qualname__')
        wrapper.__annotations__ = getattr(user_function, '__annotations__', {})
        wrapper.__type_params__ = getattr(user_function, '__type_params__', ())
        return wrapper

    return decorating_function


def _possibly_sorted(x):
    # sets and dict keys print sorted when their items compare, in iteration order otherwise
    try:
        return sorted(x)
    except Exception:
        return list(x)


class Repr:
    def __init__(self, *, maxlevel=6, maxtuple=6, maxlist=6, maxarray=5, maxdict=4, maxset=6,
                 maxfrozenset=6, maxdeque=6, maxstring=30, maxlong=40, maxother=30,
                 fillvalue='...', indent=None):
        self.maxlevel = maxlevel
        self.maxtuple = maxtuple
        self.maxlist = maxlist
        self.maxarray = maxarray
        self.maxdict = maxdict
        self.maxset = maxset
        self.maxfrozenset = maxfrozenset
        self.maxdeque = maxdeque
        self.maxstring = maxstring
        self.maxlong = maxlong
        self.maxother = maxother
        self.fillvalue = fillvalue
        self.indent = indent

    def repr(self, x):
        return self.repr1(x, self.maxlevel)

    def repr1(self, x, level):
        typename = type(x).__name__
        if ' ' in typename:
            typename = '_'.join(typename.split())
        method = getattr(self, 'repr_' + typename, None)
        if method is not None:
            return method(x, level)
        return self.repr_instance(x, level)

    def _join(self, pieces, level):
        if self.indent is None:
            return ', '.join(pieces)
        if not pieces:
            return ''
        indent = self.indent
        if isinstance(indent, int):
            if indent < 0:
                raise ValueError(f'Repr.indent cannot be negative int (was {indent!r})')
            indent *= ' '
        try:
            sep = ',\n' + (self.maxlevel - level + 1) * indent
        except TypeError as error:
            raise TypeError(f'Repr.indent must be a str, int or None, not {type(indent)}') from error
        # one item per line, indented by depth; the closing bracket goes back one indent
        joined = sep.join(('', *pieces, ''))
        return joined[1:-len(indent) or None]

    def _repr_iterable(self, x, level, left, right, maxiter, trail=''):
        n = len(x)
        if level <= 0 and n:
            s = self.fillvalue
        else:
            newlevel = level - 1
            pieces = [self.repr1(elem, newlevel) for elem in islice(x, maxiter)]
            if n > maxiter:
                pieces.append(self.fillvalue)
            s = self._join(pieces, level)
            if n == 1 and trail and self.indent is None:
                right = trail + right
        return '%s%s%s' % (left, s, right)

    def repr_tuple(self, x, level):
        return self._repr_iterable(x, level, '(', ')', self.maxtuple, ',')

    def repr_list(self, x, level):
        return self._repr_iterable(x, level, '[', ']', self.maxlist)

    def repr_array(self, x, level):
        if not x:
            return "array('%s')" % x.typecode
        header = "array('%s', [" % x.typecode
        return self._repr_iterable(x, level, header, '])', self.maxarray)

    def repr_set(self, x, level):
        if not x:
            return 'set()'
        x = _possibly_sorted(x)
        return self._repr_iterable(x, level, '{', '}', self.maxset)

    def repr_frozenset(self, x, level):
        if not x:
            return 'frozenset()'
        x = _possibly_sorted(x)
        return self._repr_iterable(x, level, 'frozenset({', '})', self.maxfrozenset)

    def repr_deque(self, x, level):
        return self._repr_iterable(x, level, 'deque([', '])', self.maxdeque)

    def repr_dict(self, x, level):
        n = len(x)
        if n == 0:
            return '{}'
        if level <= 0:
            return '{' + self.fillvalue + '}'
        newlevel = level - 1
        pieces = []
        for key in islice(_possibly_sorted(x), self.maxdict):
            keyrepr = self.repr1(key, newlevel)
            valrepr = self.repr1(x[key], newlevel)
            pieces.append('%s: %s' % (keyrepr, valrepr))
        if n > self.maxdict:
            pieces.append(self.fillvalue)
        return '{%s}' % (self._join(pieces, level),)

    def _shorten(self, s, limit):
        # keep the head and tail of s around the fill value, within `limit` characters
        i = max(0, (limit - 3) // 2)
        j = max(0, limit - 3 - i)
        return i, j

    def repr_str(self, x, level):
        s = builtins.repr(x[:self.maxstring])
        if len(s) > self.maxstring:
            i, j = self._shorten(s, self.maxstring)
            s = builtins.repr(x[:i] + x[len(x) - j:])
            s = s[:i] + self.fillvalue + s[len(s) - j:]
        return s

    def repr_int(self, x, level):
        s = builtins.repr(x)
        if len(s) > self.maxlong:
            i, j = self._shorten(s, self.maxlong)
            s = s[:i] + self.fillvalue + s[len(s) - j:]
        return s

    def repr_instance(self, x, level):
        try:
            s = builtins.repr(x)
        except Exception:
            return '<%s instance at %#x>' % (x.__class__.__name__, id(x))
        if len(s) > self.maxother:
            i, j = self._shorten(s, self.maxother)
            s = s[:i] + self.fillvalue + s[len(s) - j:]
        return s


aRepr = Repr()
repr = aRepr.repr
