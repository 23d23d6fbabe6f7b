# operator: Python's operators as functions (add, getitem, iadd, ...), their dunder aliases
# (operator.__add__), and the callable builders itemgetter, attrgetter and methodcaller with
# CPython's reprs and errors.

__all__ = ['abs', 'add', 'and_', 'attrgetter', 'call', 'concat', 'contains', 'countOf', 'delitem', 'eq',
           'floordiv', 'ge', 'getitem', 'gt', 'iadd', 'iand', 'iconcat', 'ifloordiv', 'ilshift', 'imatmul',
           'imod', 'imul', 'index', 'indexOf', 'inv', 'invert', 'ior', 'ipow', 'irshift', 'is_', 'is_not',
           'isub', 'itemgetter', 'itruediv', 'ixor', 'le', 'length_hint', 'lshift', 'lt', 'matmul',
           'methodcaller', 'mod', 'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift', 'setitem',
           'sub', 'truediv', 'truth', 'xor']

_abs = abs
_pow = pow


# ---- comparisons and truth ----
def lt(a, b):
    return a < b


def le(a, b):
    return a <= b


def eq(a, b):
    return a == b


def ne(a, b):
    return a != b


def ge(a, b):
    return a >= b


def gt(a, b):
    return a > b


def not_(a):
    return not a


def truth(a):
    return True if a else False


def is_(a, b):
    return a is b


def is_not(a, b):
    return a is not b


# ---- arithmetic and bitwise ----
def abs(a):
    return _abs(a)


def add(a, b):
    return a + b


def and_(a, b):
    return a & b


def floordiv(a, b):
    return a // b


def index(a):
    if isinstance(a, int):
        return int(a)
    f = getattr(type(a), '__index__', None)
    if f is None:
        raise TypeError(f"'{type(a).__name__}' object cannot be interpreted as an integer")
    return f(a)


def inv(a):
    return ~a


invert = inv


def lshift(a, b):
    return a << b


def mod(a, b):
    return a % b


def mul(a, b):
    return a * b


def matmul(a, b):
    return a @ b


def neg(a):
    return -a


def or_(a, b):
    return a | b


def pos(a):
    return +a


def pow(a, b):
    return a ** b


def rshift(a, b):
    return a >> b


def sub(a, b):
    return a - b


def truediv(a, b):
    return a / b


def xor(a, b):
    return a ^ b


# ---- sequences ----
def _is_sequence(a):
    return isinstance(a, (list, tuple, str)) or hasattr(type(a), '__getitem__')


def concat(a, b):
    if not _is_sequence(a):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    return a + b


def contains(a, b):
    return b in a


def countOf(a, b):
    n = 0
    for x in a:
        if x is b or x == b:
            n += 1
    return n


def delitem(a, b):
    del a[b]


def getitem(a, b):
    return a[b]


def indexOf(a, b):
    i = 0
    for x in a:
        if x is b or x == b:
            return i
        i += 1
    raise ValueError('sequence.index(x): x not in sequence')


def setitem(a, b, c):
    a[b] = c


def length_hint(obj, default=0):
    if not isinstance(default, int):
        raise TypeError(f"'{type(default).__name__}' object cannot be interpreted as an integer")
    try:
        return len(obj)
    except TypeError:
        pass
    hint = getattr(type(obj), '__length_hint__', None)
    if hint is None:
        return default
    val = hint(obj)
    if val is NotImplemented:
        return default
    if not isinstance(val, int):
        raise TypeError(f'__length_hint__ must be integer, not {type(val).__name__}')
    if val < 0:
        raise ValueError('__length_hint__() should return >= 0')
    return val


def call(obj, *args, **kwargs):
    return obj(*args, **kwargs)


# ---- in-place ----
def iadd(a, b):
    a += b
    return a


def iand(a, b):
    a &= b
    return a


def iconcat(a, b):
    if not _is_sequence(a):
        raise TypeError(f"'{type(a).__name__}' object can't be concatenated")
    a += b
    return a


def ifloordiv(a, b):
    a //= b
    return a


def ilshift(a, b):
    a <<= b
    return a


def imod(a, b):
    a %= b
    return a


def imul(a, b):
    a *= b
    return a


def imatmul(a, b):
    a @= b
    return a


def ior(a, b):
    a |= b
    return a


def ipow(a, b):
    a **= b
    return a


def irshift(a, b):
    a >>= b
    return a


def isub(a, b):
    a -= b
    return a


def itruediv(a, b):
    a /= b
    return a


def ixor(a, b):
    a ^= b
    return a


# ---- callable builders ----
def _resolve_attr(obj, name):
    for part in name.split('.'):
        obj = getattr(obj, part)
    return obj


class attrgetter:
    def __init__(self, *attrs):
        if not attrs:
            raise TypeError('attrgetter expected 1 argument, got 0')
        names = attrs
        for n in names:
            if not isinstance(n, str):
                raise TypeError('attribute name must be a string')
        self._attrs = names

    def __call__(self, obj):
        if len(self._attrs) == 1:
            return _resolve_attr(obj, self._attrs[0])
        return tuple([_resolve_attr(obj, n) for n in self._attrs])

    def __repr__(self):
        return 'operator.attrgetter(' + ', '.join([repr(n) for n in self._attrs]) + ')'


class itemgetter:
    def __init__(self, *items):
        if not items:
            raise TypeError('itemgetter expected 1 argument, got 0')
        self._items = items

    def __call__(self, obj):
        if len(self._items) == 1:
            return obj[self._items[0]]
        return tuple([obj[i] for i in self._items])

    def __repr__(self):
        return 'operator.itemgetter(' + ', '.join([repr(i) for i in self._items]) + ')'


class methodcaller:
    def __init__(self, *args, **kwargs):
        if not args:
            raise TypeError('methodcaller needs at least one argument, the method name')
        name, args = args[0], args[1:]
        if not isinstance(name, str):
            raise TypeError('method name must be a string')
        self._name = name
        self._args = args
        self._kwargs = kwargs

    def __call__(self, obj):
        return getattr(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self):
        parts = [repr(self._name)] + [repr(a) for a in self._args]
        parts += [f'{k}={v!r}' for k, v in self._kwargs.items()]
        return 'operator.methodcaller(' + ', '.join(parts) + ')'


# The dunder aliases (operator.__add__ is operator.add).
# The C functions CPython's operator module has (builtin_function_or_method objects, printed as
# <built-in function add>) replace the Python definitions above (engine/vm/stdlib_operator.cpp).
from _operator import *  # noqa: E402,F401,F403

__lt__ = lt
__le__ = le
__eq__ = eq
__ne__ = ne
__ge__ = ge
__gt__ = gt
__not__ = not_
__abs__ = abs
__add__ = add
__and__ = and_
__floordiv__ = floordiv
__index__ = index
__inv__ = inv
__invert__ = invert
__lshift__ = lshift
__mod__ = mod
__mul__ = mul
__matmul__ = matmul
__neg__ = neg
__or__ = or_
__pos__ = pos
__pow__ = pow
__rshift__ = rshift
__sub__ = sub
__truediv__ = truediv
__xor__ = xor
__concat__ = concat
__contains__ = contains
__delitem__ = delitem
__getitem__ = getitem
__setitem__ = setitem
__call__ = call
__iadd__ = iadd
__iand__ = iand
__iconcat__ = iconcat
__ifloordiv__ = ifloordiv
__ilshift__ = ilshift
__imod__ = imod
__imul__ = imul
__imatmul__ = imatmul
__ior__ = ior
__ipow__ = ipow
__irshift__ = irshift
__isub__ = isub
__itruediv__ = itruediv
__ixor__ = ixor
