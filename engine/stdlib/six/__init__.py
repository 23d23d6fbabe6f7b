# six: the Python 2/3 compatibility library (six 1.17). Not part of Python or PyTorch, but official
# PyTorch sources still import it (pytorch/examples super_resolution/data.py and the tutorials'
# spatial transformer do `from six.moves import urllib`), as do many pre-2020 research repos. On
# Python 3 six is a set of aliases, written here as six defines them for PY3: the type tuples,
# the iter*/b/u helpers, reraise/raise_from, with_metaclass/add_metaclass, ensure_*, and six.moves
# (a package: moves/__init__.py, moves/urllib/) with the renamed standard modules and builtins.
import builtins
import functools
import io
import operator
import sys
import types

__author__ = "Benjamin Peterson <benjamin@python.org>"
__version__ = "1.17.0"

PY2 = False
PY3 = True
PY34 = True

string_types = (str,)
integer_types = (int,)
class_types = (type,)
text_type = str
binary_type = bytes
MAXSIZE = sys.maxsize

from . import moves  # noqa: E402  (six.moves after the names above, as six builds it)

callable = builtins.callable
next = advance_iterator = builtins.next
Iterator = object
create_bound_method = types.MethodType
get_unbound_function = lambda unbound: unbound  # noqa: E731
get_method_function = operator.attrgetter("__func__")
get_method_self = operator.attrgetter("__self__")
get_function_closure = operator.attrgetter("__closure__")
get_function_code = operator.attrgetter("__code__")
get_function_defaults = operator.attrgetter("__defaults__")
get_function_globals = operator.attrgetter("__globals__")
unichr = chr
StringIO = io.StringIO
BytesIO = io.BytesIO
print_ = builtins.print
wraps = functools.wraps


def create_unbound_method(func, cls):
    return func


def iterkeys(d, **kw):
    return iter(d.keys(**kw))


def itervalues(d, **kw):
    return iter(d.values(**kw))


def iteritems(d, **kw):
    return iter(d.items(**kw))


def iterlists(d, **kw):
    return iter(d.lists(**kw))


viewkeys = operator.methodcaller("keys")
viewvalues = operator.methodcaller("values")
viewitems = operator.methodcaller("items")


def b(s):
    return s.encode("latin-1")


def u(s):
    return s


def int2byte(i):
    return bytes((i,))


def byte2int(bs):
    return bs[0]


def indexbytes(buf, i):
    return buf[i]


def iterbytes(buf):
    return iter(buf)


def assertCountEqual(self, *args, **kwargs):
    return self.assertCountEqual(*args, **kwargs)


def assertRaisesRegex(self, *args, **kwargs):
    return self.assertRaisesRegex(*args, **kwargs)


def assertRegex(self, *args, **kwargs):
    return self.assertRegex(*args, **kwargs)


def assertNotRegex(self, *args, **kwargs):
    return self.assertNotRegex(*args, **kwargs)


def reraise(tp, value, tb=None):
    try:
        if value is None:
            value = tp()
        if value.__traceback__ is not tb:
            raise value.with_traceback(tb)
        raise value
    finally:
        value = None
        tb = None


def raise_from(value, from_value):
    try:
        raise value from from_value
    finally:
        value = None


def with_metaclass(meta, *bases):
    """Create a base class with a metaclass."""
    # six's temporary metaclass: the class statement calls it once, and it builds the real class
    class metaclass(type):
        def __new__(cls, name, this_bases, d):
            return meta(name, bases, d)

        @classmethod
        def __prepare__(cls, name, this_bases):
            # the real metaclass's namespace (Kiln's type has no __prepare__ of its own: a plain dict)
            prepare = getattr(meta, "__prepare__", None)
            return prepare(name, bases) if prepare is not None else {}
    return type.__new__(metaclass, "temporary_class", (), {})


def add_metaclass(metaclass):
    """Class decorator for creating a class with a metaclass."""
    def wrapper(cls):
        orig_vars = cls.__dict__.copy()
        slots = orig_vars.get("__slots__")
        if slots is not None:
            if isinstance(slots, str):
                slots = [slots]
            for slots_var in slots:
                orig_vars.pop(slots_var)
        orig_vars.pop("__dict__", None)
        orig_vars.pop("__weakref__", None)
        if hasattr(cls, "__qualname__"):
            orig_vars["__qualname__"] = cls.__qualname__
        return metaclass(cls.__name__, cls.__bases__, orig_vars)
    return wrapper


def ensure_binary(s, encoding="utf-8", errors="strict"):
    if isinstance(s, binary_type):
        return s
    if isinstance(s, text_type):
        return s.encode(encoding, errors)
    raise TypeError("not expecting type '%s'" % type(s))


def ensure_str(s, encoding="utf-8", errors="strict"):
    if type(s) is str:
        return s
    if isinstance(s, binary_type):
        return s.decode(encoding, errors)
    if not isinstance(s, (text_type, binary_type)):
        raise TypeError("not expecting type '%s'" % type(s))
    return s


def ensure_text(s, encoding="utf-8", errors="strict"):
    if isinstance(s, binary_type):
        return s.decode(encoding, errors)
    if isinstance(s, text_type):
        return s
    raise TypeError("not expecting type '%s'" % type(s))


def python_2_unicode_compatible(klass):
    return klass
