# numpy's arrays of str (dtype '<U5') and of Python objects (dtype=object), which data-preparation
# code builds from labels, tokens and CSV columns: np.array(['cat', 'dog']), np.unique(labels),
# np.where(y > 0, 'pos', 'neg'), np.array(ragged, dtype=object).
#
# Kiln's native ndarrays are tensors of numbers, so these arrays are a Python class: a list of the
# elements (the storage) and a native int64 ndarray of positions into it, shaped as the array. Every
# shape operation (indexing with ints, slices, masks and index arrays, reshape, transpose, newaxis,
# broadcasting) is done by the native array on the positions, so it follows NumPy's rules and error
# texts; a view (basic indexing, reshape, .T) shares the storage, so writes through it reach the base
# as in NumPy, while fancy indexing copies. The native metatype (engine/bindings/numpy.cpp) makes
# these arrays ndarrays and their dtypes np.dtypes to isinstance. NumPy 2.x's rules kept: a str
# dtype's width is the longest element's (in characters) and assignments are cut to it; numbers
# mixed with strs become strs of width 21 (ints), 32 (floats) or 5 (bools); anything else (None,
# dicts, ragged lists given dtype=object) makes an object array; printing as arrayprint does (each
# element's repr, lists as list([...]), wrapped at 75 columns, summarised above 1000 elements).
# Known differences: an element is a plain Python str, not np.str_ (Kiln's str cannot be
# subclassed), so repr(a[0]) is 'cat' where NumPy 2 shows np.str_('cat'); argsort and sort are
# stable (NumPy's default quicksort is not, for equal elements of arrays over 16 long); no bytes
# ('S') dtype, structured dtypes or string ufuncs beyond np.char's common functions.

import numpy as _np

_native_array = _np.array
_native_asarray = _np.asarray
_int64 = _np.int64
_SEQ = (list, tuple, range)  # what NumPy reads as nested data (a range is a sequence of ints to it)


class object_:
    # np.object_, the object dtype's scalar type: what dtype=np.object_ names and a.dtype.type is.
    # NumPy's object_(x) is x itself; object arrays hold the Python objects, never object_ instances.
    _kiln_numpy_virtual = 'object_'

    def __new__(cls, value=None):
        return value


class dtype:
    # A str dtype ('U', width in characters) or the object dtype ('O').
    _kiln_numpy_virtual = 'dtype'

    def __init__(self, kind, width=0):
        self.kind = kind
        self._w = width

    @property
    def char(self):
        return self.kind

    @property
    def type(self):
        return str if self.kind == 'U' else object_

    @property
    def itemsize(self):
        return 4 * self._w if self.kind == 'U' else 8

    @property
    def name(self):
        return 'str%d' % (32 * self._w) if self.kind == 'U' else 'object'

    @property
    def str(self):
        return '<U%d' % self._w if self.kind == 'U' else '|O'

    @property
    def byteorder(self):
        return '=' if self.kind == 'U' else '|'

    @property
    def descr(self):
        return [('', self.str)]

    @property
    def num(self):
        return 19 if self.kind == 'U' else 17

    isbuiltin = 1
    hasobject = property(lambda self: self.kind == 'O')
    names = None
    fields = None
    shape = ()
    ndim = 0
    subdtype = None
    base = property(lambda self: self)
    metadata = None

    def __repr__(self):
        return "dtype('<U%d')" % self._w if self.kind == 'U' else "dtype('O')"

    def __str__(self):
        return '<U%d' % self._w if self.kind == 'U' else 'object'

    def __eq__(self, other):
        try:
            o = other if isinstance(other, dtype) else _dtype_of(other) if _names_ours(other) else None
        except TypeError:
            return False
        return o is not None and o.kind == self.kind and o._w == self._w

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((self.kind, self._w))

    def __reduce__(self):
        return (_dtype_of, (self.str,))


_OBJECT = dtype('O')
_DType = dtype  # for functions whose parameter is named dtype


def _names_ours(spec):
    if spec is str or spec is object or spec is object_:
        return True
    if isinstance(spec, dtype):
        return True
    if isinstance(spec, type(_OBJECT.kind)):  # a str spec
        if spec in ('O', '|O', 'object', 'object_', 'O8', 'str', 'str_', 'unicode'):
            return True
        s = spec[1:] if spec[:1] in ('<', '=', '|') else spec
        return s[:1] == 'U' and (s[1:] == '' or s[1:].isdigit())
    return False


def _dtype_of(spec):
    # np.dtype(spec) for the specs _names_ours accepts; a str dtype without a width is '<U0' (NumPy's
    # flexible dtype, sized by the data when an array is made).
    if isinstance(spec, dtype):
        return spec
    if spec is object or spec is object_:
        return _OBJECT
    if spec is str:
        return dtype('U', 0)
    if spec in ('O', '|O', 'object', 'object_', 'O8'):
        return _OBJECT
    if spec in ('str', 'str_', 'unicode'):
        return dtype('U', 0)
    s = spec[1:] if spec[:1] in ('<', '=', '|') else spec
    return dtype('U', int(s[1:]) if s[1:] else 0)


def _discover(x):
    # NumPy's shape discovery: a sequence's length, then the shape its elements share; elements of
    # different shapes end the discovery there. (shape, whether it ended early)
    if isinstance(x, ndarray):
        return x.shape, False
    if isinstance(x, _np.ndarray):
        return (x.shape if not _np.isscalar(x) else ()), False
    if not isinstance(x, _SEQ):
        return (), False
    if not x:
        return (0,), False
    inner = [_discover(e) for e in x]
    first = inner[0][0]
    common = len(first)
    ragged = inner[0][1]
    for s, r in inner[1:]:
        k = 0
        while k < common and k < len(s) and s[k] == first[k]:
            k += 1
        if k < common or len(s) != len(first) or r:
            ragged = True
            common = min(common, k)
    return (len(x),) + tuple(first[:common]), ragged


def _shape_of(x, ragged_ok):
    # the shape an array of x has; ragged data is an error unless ragged_ok (dtype=object)
    shape, ragged = _discover(x)
    if ragged and not ragged_ok:
        raise ValueError("setting an array element with a sequence. The requested array has an inhomogeneous "
                         "shape after %d dimensions. The detected shape was %s + inhomogeneous part."
                         % (len(shape), str(shape)))
    return shape


def _leaves(x, depth, out):
    if depth == 0:
        out.append(x)
    elif isinstance(x, ndarray) and depth == x.ndim:
        out.extend(x._flat_items())
    elif isinstance(x, _np.ndarray) and depth == x.ndim:
        out.extend(x.ravel().tolist())
    else:
        for e in x:
            _leaves(e, depth - 1, out)


def _scalar_width(v):
    # the width NumPy gives a number turned into a str dtype: str(int64) 21, float64 32, bool 5
    if isinstance(v, bool) or isinstance(v, _np.bool_):
        return 5
    if isinstance(v, int) or isinstance(v, _np.integer):
        return 21
    return 32


def _is_number(v):
    return isinstance(v, (bool, int, float)) or isinstance(v, _np.generic)


def _to_str(v):
    if isinstance(v, _np.generic):
        v = v.item()
    return str(v)


def _positions(shape, start=0):
    n = 1
    for s in shape:
        n *= s
    return _np.arange(start, start + n, dtype=_int64).reshape(shape)


def _make(items, shape, dt):
    a = ndarray.__new__(ndarray)
    a._s = items
    a._i = _positions(shape)
    a._dt = dt
    return a


def _str_dtype_for(items, width):
    # str elements of a '<U' array: the given width cuts them; width 0 sizes the dtype by the data
    strs = [_to_str(v) if not isinstance(v, str) else v for v in items]
    if width:
        return [s[:width] for s in strs], dtype('U', width)
    w = 0
    for s in strs:
        if len(s) > w:
            w = len(s)
    return strs, dtype('U', w or 1)


def _build(obj, dt):
    # An array of `obj` with dtype dt (one of ours) or None (inferred: a str array when the leaves are
    # strs and numbers, an object array when anything else is among them).
    if isinstance(obj, ndarray):
        shape = obj.shape
        items = obj._flat_items()
        if dt is None:
            dt = obj._dt
            return _make(list(items), shape, dt)
    else:
        shape = _shape_of(obj, dt is not None and dt.kind == 'O')
        items = []
        _leaves(obj, len(shape), items)
    if dt is None:
        kind = 'U'
        w = 0
        for v in items:
            if isinstance(v, str):
                if len(v) > w:
                    w = len(v)
            elif _is_number(v):
                sw = _scalar_width(v)
                if sw > w:
                    w = sw
            else:
                kind = 'O'
                break
        if kind == 'O':
            return _make(items, shape, _OBJECT)
        return _make([v if isinstance(v, str) else _to_str(v) for v in items], shape, dtype('U', w or 1))
    if dt.kind == 'O':
        return _make(items, shape, _OBJECT)
    if dt._w == 0 and isinstance(obj, _np.ndarray):  # numbers: the width NumPy gives their kind
        kind = obj.dtype.kind
        strs = [_to_str(v) for v in items]
        return _make(strs, shape, dtype('U', 5 if kind == 'b' else 21 if kind in 'iu' else 32))
    strs, d = _str_dtype_for(items, dt._w)
    return _make(strs, shape, d)


def _astype_native(a, spec):
    # a native array's (or NumPy scalar's) astype(str / 'U5' / object), which numpy.cpp hands over
    d = _dtype_of(spec)
    if isinstance(a, _np.generic):
        v = a.item()
        return (_to_str(v)[:d._w] if d._w else _to_str(v)) if d.kind == 'U' else v
    return _build(a, d)


def _needs_us(obj):
    # Whether np.array(obj) holds something other than numbers: a str, None, any other object, or
    # one of our arrays, anywhere in the nested sequences.
    if isinstance(obj, ndarray):
        return True
    if isinstance(obj, _SEQ):
        for e in obj:
            if _needs_us(e):
                return True
        return False
    if isinstance(obj, _np.ndarray) or _is_number(obj):
        return False
    return True


def _numeric_from(a, dt):
    # an object or str array turned into a native one (astype(float), np.array(obj_arr, dtype=int))
    d = _np.dtype(dt)
    if a._dt.kind == 'U':
        conv = float if d.kind == 'f' else int if d.kind in 'iu' else None
        if d.kind == 'b':
            vals = [len(s) > 0 for s in a._flat_items()]
        else:
            vals = []
            for s in a._flat_items():
                try:
                    vals.append(conv(s))
                except ValueError:
                    if conv is int:
                        raise ValueError("invalid literal for int() with base 10: %r" % s) from None
                    raise ValueError("could not convert string to float: %r" % s) from None
    else:
        vals = a._flat_items()
    return _native_array(vals, dtype=d).reshape(a.shape)


def array(object, dtype=None, *, copy=True, order='K', subok=False, ndmin=0, like=None):
    r = _from_array_protocol(object)
    if r is not None:
        object = r
    if dtype is not None and _names_ours(dtype):
        r = _build(object, _dtype_of(dtype))
    elif isinstance(object, ndarray):
        if dtype is not None:
            return _numeric_from(object, dtype)
        r = object.copy() if copy else object
    else:
        try:
            return _native_array(object, dtype=dtype, copy=copy, order=order, subok=subok, ndmin=ndmin)
        except (TypeError, ValueError):
            if dtype is not None or not _needs_us(object):
                raise
        r = _build(object, None)
    while r.ndim < ndmin:
        r = r[None]
    return r


def _from_array_protocol(a):
    # NumPy asks an object that is no array for its __array__() (a pandas Series, a tensor); one that
    # answers with one of our arrays (a Series of strs) is that array, not a 0-d wrapper of the object
    if isinstance(a, (ndarray, _np.ndarray, list, tuple, str, int, float, bool)) or \
            getattr(type(a), '__array__', None) is None:
        return None
    r = a.__array__()
    return r if isinstance(r, ndarray) else None


def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None):
    r = _from_array_protocol(a)
    if r is not None:
        a = r
    if isinstance(a, ndarray):
        if dtype is None or (_names_ours(dtype) and _dtype_of(dtype) == a._dt):
            return a
        return a.astype(dtype)
    if dtype is not None and _names_ours(dtype):
        return _build(a, _dtype_of(dtype))
    try:
        return _native_asarray(a, dtype, order)
    except (TypeError, ValueError):
        if dtype is not None or not _needs_us(a):
            raise
    return _build(a, None)


def _wrap_of(x):
    # (storage, positions) of an operand: our arrays as they are, anything else as an object array
    # (a 0-d one for a scalar)
    if isinstance(x, ndarray):
        return x
    if isinstance(x, _np.ndarray) and not _np.isscalar(x):
        return _make(x.ravel().tolist(), x.shape, _OBJECT)
    if isinstance(x, (list, tuple)):
        return array(x, dtype=object) if _needs_us(x) else _make(_native_array(x).ravel().tolist(), _native_array(x).shape, _OBJECT)
    return _make([x], (), _OBJECT)


def _broadcast(a, b):
    ia, ib = a._i, b._i
    try:
        return ia + ib * 0, ib + ia * 0
    except ValueError:
        raise ValueError("operands could not be broadcast together with shapes %s %s "
                         % (_shape_text(a.shape), _shape_text(b.shape))) from None


def _shape_text(s):
    return '(' + ','.join(str(n) for n in s) + (',)' if len(s) == 1 else ')')


def _elementwise(x, y, f):
    # f over the broadcast elements of x and y: (values, shape)
    a, b = _wrap_of(x), _wrap_of(y)
    ia, ib = _broadcast(a, b)
    sa, sb = a._s, b._s
    vals = [f(sa[p], sb[q]) for p, q in zip(ia.ravel().tolist(), ib.ravel().tolist())]
    return vals, ia.shape


def _compare(x, y, f):
    vals, shape = _elementwise(x, y, f)
    r = _native_array(vals, dtype=_np.bool_).reshape(shape)
    return r[()] if not shape else r


def _str_operand(x):
    return isinstance(x, str) or (isinstance(x, ndarray) and x._dt.kind == 'U')


def _arith(x, y, f, name):
    # object arrays: f on the elements, an object array; str arrays: only `+` (np.add of strs),
    # giving a str array as wide as the two widths together
    if _str_operand(x) and _str_operand(y) and name == 'add':
        vals, shape = _elementwise(x, y, f)
        wx = x._dt._w if isinstance(x, ndarray) else len(x)
        wy = y._dt._w if isinstance(y, ndarray) else len(y)
        r = _make(vals, shape, dtype('U', wx + wy))
        return r[()] if not shape else r
    if _str_operand(x) or _str_operand(y):
        raise _np_ufunc_error(name, x, y)
    vals, shape = _elementwise(x, y, f)
    r = _make(vals, shape, _OBJECT)
    return r[()] if not shape else r


def _loop_dtype_repr(x):
    # the dtype NumPy resolves an operand to before looking for a loop (a Python int is int64)
    if isinstance(x, ndarray):
        return repr(x.dtype)
    if isinstance(x, str):
        return "dtype('<U%d')" % len(x)
    if isinstance(x, bool):
        return "dtype('bool')"
    if isinstance(x, int):
        return "dtype('int64')"
    if isinstance(x, float):
        return "dtype('float64')"
    if isinstance(x, _np.ndarray) or isinstance(x, _np.generic):
        return repr(x.dtype)
    return "dtype('O')"


class UFuncTypeError(TypeError):
    # NumPy's numpy._core._exceptions._UFuncNoLoopError, which NumPy displays under its base's name
    pass


def _np_ufunc_error(name, x, y):
    # a str operand of a numeric ufunc: no loop for the operands' dtypes
    return UFuncTypeError("ufunc '%s' did not contain a loop with signature matching types "
                          "(%s, %s) -> None" % (name, _loop_dtype_repr(x), _loop_dtype_repr(y)))


class ndarray:
    _kiln_numpy_virtual = 'ndarray'
    __hash__ = None

    # ---- shape ----------------------------------------------------------------------------------
    @property
    def shape(self):
        return self._i.shape

    @shape.setter
    def shape(self, value):
        self._i = self._i.reshape(value)

    @property
    def ndim(self):
        return self._i.ndim

    @property
    def size(self):
        return self._i.size

    @property
    def dtype(self):
        return self._dt

    @property
    def itemsize(self):
        return self._dt.itemsize

    @property
    def nbytes(self):
        return self._dt.itemsize * self._i.size

    @property
    def strides(self):
        return tuple(s // 8 * self._dt.itemsize for s in self._i.strides)

    @property
    def T(self):
        return self._view(self._i.T)

    @property
    def flat(self):
        return iter(self._flat_items())

    def _view(self, idx):
        a = ndarray.__new__(ndarray)
        a._s = self._s
        a._i = idx
        a._dt = self._dt
        return a

    def _flat_items(self):
        s = self._s
        return [s[p] for p in self._i.ravel().tolist()]

    def __len__(self):
        if self.ndim == 0:
            raise TypeError('len() of unsized object')
        return len(self._i)

    def __iter__(self):
        if self.ndim == 0:
            raise TypeError('iteration over a 0-d array')
        if self.ndim == 1:
            return iter(self._flat_items())
        return iter([self._view(self._i[k]) for k in range(len(self._i))])

    def __contains__(self, v):
        for e in self._flat_items():
            if e is v or e == v:
                return True
        return False

    def __bool__(self):
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. "
                             "Use a.any() or a.all()")
        return bool(self._flat_items()[0])

    # ---- indexing -------------------------------------------------------------------------------
    @staticmethod
    def _key(key):
        # our arrays inside a key (masks made by comparisons are native already) as native ones
        if isinstance(key, tuple):
            return tuple(k.astype(_np.int64) if isinstance(k, ndarray) else k for k in key)
        return key.astype(_np.int64) if isinstance(key, ndarray) else key

    @staticmethod
    def _is_basic(key):
        for k in (key if isinstance(key, tuple) else (key,)):
            if not (k is None or k is Ellipsis or isinstance(k, (int, slice)) or isinstance(k, _np.integer)) \
                    or isinstance(k, bool):
                return False
        return True

    def __getitem__(self, key):
        r = self._i[self._key(key)]
        if isinstance(r, _np.generic):
            return self._s[int(r)]
        if self._is_basic(key):
            return self._view(r)
        s = self._s
        return _make([s[p] for p in r.ravel().tolist()], r.shape, self._dt)

    def _coerce(self, v):
        if self._dt.kind == 'U':
            v = v if isinstance(v, str) else _to_str(v)
            return v[:self._dt._w]
        return v

    def __setitem__(self, key, value):
        pos = self._i[self._key(key)]
        if isinstance(pos, _np.generic):
            self._s[int(pos)] = self._coerce(value)
            return
        targets = pos.ravel().tolist()
        if isinstance(value, (ndarray, _np.ndarray, list, tuple)):
            src = value if isinstance(value, ndarray) else _build(value, _OBJECT if self._dt.kind == 'O' else None) \
                if not isinstance(value, _np.ndarray) else _make(value.ravel().tolist(), value.shape, _OBJECT)
            try:
                si = _np.broadcast_to(src._i, pos.shape)
            except ValueError:
                raise ValueError("could not broadcast input array from shape %s into shape %s"
                                 % (_shape_text(src.shape), _shape_text(pos.shape))) from None
            vals = [src._s[p] for p in si.ravel().tolist()]
        else:
            vals = [value] * len(targets)
        for p, v in zip(targets, vals):
            self._s[p] = self._coerce(v)

    # ---- conversion -----------------------------------------------------------------------------
    def tolist(self):
        if self.ndim == 0:
            return self._s[int(self._i)]
        s = self._s
        return _nest(s, self._i.tolist())

    def item(self, *args):
        if not args:
            if self.size != 1:
                raise ValueError("can only convert an array of size 1 to a Python scalar")
            return self._flat_items()[0]
        return self._s[int(self._i.item(*args))]

    def copy(self, order='C'):
        return _make(self._flat_items(), self.shape, self._dt)

    def astype(self, dtype, order='K', casting='unsafe', subok=True, copy=True):
        if _names_ours(dtype):
            dt = _dtype_of(dtype)
            if dt.kind == 'O':
                return _make(self._flat_items(), self.shape, _OBJECT)
            return _build(self, dt) if not (dt._w == 0 and self._dt.kind == 'U') else self.copy()
        return _numeric_from(self, dtype)

    def view(self, *args):
        return self._view(self._i)

    def fill(self, value):
        for p in self._i.ravel().tolist():
            self._s[p] = self._coerce(value)

    # ---- shape operations (on the positions) --------------------------------------------------------
    def reshape(self, *shape, order='C'):
        return self._view(self._i.reshape(*shape))

    def ravel(self, order='C'):
        return self._view(self._i.ravel())

    def flatten(self, order='C'):
        return _make(self._flat_items(), (self.size,), self._dt)

    def transpose(self, *axes):
        return self._view(self._i.transpose(*axes))

    def swapaxes(self, a, b):
        return self._view(_np.swapaxes(self._i, a, b))

    def squeeze(self, axis=None):
        return self._view(self._i.squeeze() if axis is None else self._i.squeeze(axis))

    def repeat(self, repeats, axis=None):
        return self._take_positions(_np.repeat(self._i, repeats, axis))

    def take(self, indices, axis=None):
        r = _np.take(self._i, indices, axis)
        return self._s[int(r)] if isinstance(r, _np.generic) else self._take_positions(r)

    def _take_positions(self, pos):
        s = self._s
        return _make([s[p] for p in pos.ravel().tolist()], pos.shape, self._dt)

    def nonzero(self):
        return _native_array([bool(v) for v in self._flat_items()]).reshape(self.shape).nonzero()

    def argsort(self, axis=-1, kind=None, order=None):
        return argsort(self, axis)

    def sort(self, axis=-1, kind=None, order=None):
        r = sort(self, axis)
        self[...] = r

    def any(self, axis=None):
        return _native_array([bool(v) for v in self._flat_items()]).reshape(self.shape).any(axis)

    def all(self, axis=None):
        return _native_array([bool(v) for v in self._flat_items()]).reshape(self.shape).all(axis)

    def sum(self, axis=None):
        if self._dt.kind == 'U':
            raise _np_ufunc_error('add', self, self)
        if axis is not None:
            raise NotImplementedError("sum of an object array along an axis is not supported in Kiln")
        items = self._flat_items()
        if not items:
            return 0
        t = items[0]
        for v in items[1:]:
            t = t + v
        return t

    def max(self, axis=None):
        if axis is not None:
            raise NotImplementedError("max of a str or object array along an axis is not supported in Kiln")
        return max(self._flat_items())

    def min(self, axis=None):
        if axis is not None:
            raise NotImplementedError("min of a str or object array along an axis is not supported in Kiln")
        return min(self._flat_items())

    # ---- comparisons and arithmetic ----------------------------------------------------------------
    def __eq__(self, other):
        return _compare(self, other, lambda a, b: a == b)

    def __ne__(self, other):
        return _compare(self, other, lambda a, b: a != b)

    def __lt__(self, other):
        return _compare(self, other, lambda a, b: a < b)

    def __le__(self, other):
        return _compare(self, other, lambda a, b: a <= b)

    def __gt__(self, other):
        return _compare(self, other, lambda a, b: a > b)

    def __ge__(self, other):
        return _compare(self, other, lambda a, b: a >= b)

    def __add__(self, other):
        return _arith(self, other, lambda a, b: a + b, 'add')

    def __radd__(self, other):
        return _arith(other, self, lambda a, b: a + b, 'add')

    def __sub__(self, other):
        return _arith(self, other, lambda a, b: a - b, 'subtract')

    def __rsub__(self, other):
        return _arith(other, self, lambda a, b: a - b, 'subtract')

    def __mul__(self, other):
        return _arith(self, other, lambda a, b: a * b, 'multiply')

    def __rmul__(self, other):
        return _arith(other, self, lambda a, b: a * b, 'multiply')

    def __truediv__(self, other):
        return _arith(self, other, lambda a, b: a / b, 'divide')

    def __rtruediv__(self, other):
        return _arith(other, self, lambda a, b: a / b, 'divide')

    def __floordiv__(self, other):
        return _arith(self, other, lambda a, b: a // b, 'floor_divide')

    def __mod__(self, other):
        return _arith(self, other, lambda a, b: a % b, 'remainder')

    def __pow__(self, other):
        return _arith(self, other, lambda a, b: a ** b, 'power')

    # ---- printing -----------------------------------------------------------------------------------
    def __repr__(self):
        return _array_repr(self)

    def __str__(self):
        if self.ndim == 0:
            return str(self.item())
        return _array2string(self, ' ', '', _np.get_printoptions()['linewidth'])


object_.__module__ = 'numpy'
ndarray.__name__ = 'ndarray'
ndarray.__qualname__ = 'ndarray'
ndarray.__module__ = 'numpy'
dtype.__module__ = 'numpy'


def _nest(s, idx):
    if isinstance(idx, list):
        return [_nest(s, e) for e in idx]
    return s[idx]


# ---- printing: numpy/_core/arrayprint.py's layout (as numpy_print.cpp does for numbers) ------------

def _elem_text(v, kind):
    if kind == 'U':
        return repr(v)
    if type(v) is list:
        return 'list(' + repr(v) + ')'
    return repr(v)


def _array2string(a, sep, prefix, linewidth):
    opts = _np.get_printoptions()
    if a.size == 0:
        return '[]'
    summary = a.size > opts['threshold']
    edge = opts['edgeitems']
    kind = a._dt.kind
    idx = a._i
    s = a._s

    def fmt(p):
        return _elem_text(s[p], kind)

    def recurse(ix, hanging, width):
        if ix.ndim == 0:
            return fmt(int(ix))
        next_hanging = hanging + ' '
        n = ix.shape[0]
        show = summary and 2 * edge < n
        leading, trailing = (edge, edge) if show else (0, n)
        sep_r = sep.rstrip()
        out = ''
        if ix.ndim == 1:
            elem_width = width - max(len(sep_r), 1)
            line = hanging
            pieces = []
            for i in range(leading):
                pieces.append(recurse(ix[i], next_hanging, width - 1))
            if show:
                pieces.append('...')
            for i in range(n - trailing, n):
                pieces.append(recurse(ix[i], next_hanging, width - 1))
            for k, word in enumerate(pieces):
                if len(line) + len(word) > elem_width and len(line) > len(hanging):
                    out += line.rstrip() + '\n'
                    line = hanging
                line += word
                if k < len(pieces) - 1:
                    line += sep
            out += line
        else:
            line_sep = sep_r + '\n' * (ix.ndim - 1)
            parts = [hanging + recurse(ix[i], next_hanging, width - 1) for i in range(leading)]
            if show:
                parts.append(hanging + '...')
            parts += [hanging + recurse(ix[i], next_hanging, width - 1) for i in range(n - trailing, n)]
            out = line_sep.join(parts)
        return '[' + out[len(hanging):] + ']'

    return recurse(idx, ' ' + ' ' * len(prefix), linewidth)


def _array_repr(a):
    opts = _np.get_printoptions()
    prefix = 'array('
    if a.ndim == 0:
        lst = _elem_text(a.item(), a._dt.kind)
    else:
        lst = _array2string(a, ', ', prefix, opts['linewidth'] - 1)
    extras = []
    if (a.size == 0 and a.ndim != 1) or a.size > opts['threshold']:
        extras.append('shape=' + str(a.shape))
    extras.append("dtype='<U%d'" % a._dt._w if a._dt.kind == 'U' else 'dtype=object')
    arr = prefix + lst + ','
    extra = ', '.join(extras) + ')'
    nl = arr.rfind('\n')
    last_line = len(arr) - (nl + 1)
    spacer = ' '
    if last_line + len(extra) + 1 > opts['linewidth']:
        spacer = '\n' + ' ' * len(prefix)
    return arr + spacer + extra


# ---- functions over these arrays ------------------------------------------------------------------

def _ours(*xs):
    for x in xs:
        if isinstance(x, ndarray):
            return True
        if isinstance(x, str):
            return True
        if isinstance(x, (list, tuple)) and _needs_us(x):
            return True
    return False


def _sorted_positions(items):
    return sorted(range(len(items)), key=items.__getitem__)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    a = a if isinstance(a, ndarray) else array(a)
    if axis is None:
        return _native_array(_sorted_positions(a._flat_items()), dtype=_int64)
    moved = a._view(_np.moveaxis(a._i, axis, -1))
    rows = moved._i.reshape(-1, moved.shape[-1]) if moved.ndim else moved._i.reshape(1, 1)
    s = a._s
    out = [_sorted_positions([s[p] for p in r]) for r in rows.tolist()]
    res = _native_array(out, dtype=_int64).reshape(moved.shape)
    return _np.moveaxis(res, -1, axis)


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    a = a if isinstance(a, ndarray) else array(a)
    if axis is None:
        items = sorted(a._flat_items())
        return _make(items, (len(items),), a._dt)
    order_ = argsort(a, axis)
    return a._take_positions(_np.take_along_axis(a._i, order_, axis))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True):
    a = ar if isinstance(ar, ndarray) else array(ar)
    if axis is not None:
        raise NotImplementedError("np.unique along an axis of a str or object array is not supported in Kiln")
    items = a._flat_items()
    order = _sorted_positions(items)
    first, counts = [], []
    inverse = [0] * len(items)
    for i in order:
        if first and items[first[-1]] == items[i]:
            counts[-1] += 1
        else:
            first.append(i)
            counts.append(1)
        inverse[i] = len(first) - 1
    u = _make([items[i] for i in first], (len(first),), a._dt)
    if not (return_index or return_inverse or return_counts):
        return u
    ret = (u,)
    if return_index:
        ret += (_native_array(first, dtype=_int64),)
    if return_inverse:
        ret += (_native_array(inverse, dtype=_int64).reshape(a.shape),)
    if return_counts:
        ret += (_native_array(counts, dtype=_int64),)
    return ret


def _result_dtype(dts):
    # the dtype str/object dtypes combine to: object if any is, else str as wide as the widest
    w = 0
    for d in dts:
        if d.kind == 'O':
            return _OBJECT
        if d._w > w:
            w = d._w
    return dtype('U', w)


def _as_ours(x):
    if isinstance(x, ndarray):
        return x
    if isinstance(x, _np.ndarray):
        kind = x.dtype.kind
        return _make([_to_str(v) for v in x.ravel().tolist()], x.shape,
                     dtype('U', 5 if kind == 'b' else 21 if kind in 'iu' else 32))
    r = array(x)
    return r if isinstance(r, ndarray) else _as_ours(r)


def _join(arrays, f):
    # concatenate/stack of our arrays: the native operation on positions into one joined storage
    parts = [_as_ours(x) for x in arrays]
    dt = _result_dtype([p._dt for p in parts])
    storage, idxs, off = [], [], 0
    for p in parts:
        items = p._flat_items()
        storage.extend(items if dt.kind == 'O' or p._dt.kind == 'U' else [_to_str(v) for v in items])
        idxs.append(_positions(p.shape, off))
        off += len(items)
    r = ndarray.__new__(ndarray)
    r._s = storage
    r._i = f(idxs)
    r._dt = dt
    return r


def concatenate(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    return _join(arrays, lambda ix: _np_concatenate(ix, axis=axis))


def stack(arrays, axis=0, out=None, *, dtype=None, casting='same_kind'):
    return _join(arrays, lambda ix: _np_stack(ix, axis=axis))


def _operand_dtype(x):
    # what an operand of np.where contributes to its result's dtype
    if isinstance(x, ndarray):
        return x._dt
    if isinstance(x, str):
        return dtype('U', len(x) or 1)
    if _is_number(x):
        return dtype('U', _scalar_width(x))
    if isinstance(x, _np.ndarray):
        return dtype('U', 5 if x.dtype.kind == 'b' else 21 if x.dtype.kind in 'iu' else 32)
    if isinstance(x, (list, tuple)):
        return _operand_dtype(array(x))
    return _OBJECT


def where(condition, x, y):
    # np.where(cond, x, y) when x or y is a str or one of these arrays: a str array when both sides
    # are strs or numbers (numbers become strs), else an object array
    c = _native_asarray(condition).astype(_int64)
    a, b = _wrap_of(x), _wrap_of(y)
    dt = _result_dtype([_operand_dtype(x), _operand_dtype(y)])
    z = c * 0 + a._i * 0 + b._i * 0  # zeros of the broadcast shape
    ic, ia, ib = (c + z).ravel().tolist(), (a._i + z).ravel().tolist(), (b._i + z).ravel().tolist()
    sa, sb = a._s, b._s
    vals = [sa[p] if t else sb[q] for t, p, q in zip(ic, ia, ib)]
    if dt.kind == 'U':
        vals = [v if isinstance(v, str) else _to_str(v) for v in vals]
    return _make(vals, z.shape, dt)


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    e = _wrap_of(element)
    t = _wrap_of(test_elements)
    pool = set()
    unhashable = []
    for v in t._flat_items():
        try:
            pool.add(v)
        except TypeError:
            unhashable.append(v)

    def member(v):
        try:
            if v in pool:
                return True
        except TypeError:
            pass
        return any(v == u for u in unhashable)

    r = _native_array([member(v) != bool(invert) for v in e._flat_items()], dtype=_np.bool_).reshape(e.shape)
    return r


def full(shape, fill_value, dtype=None, order='C', *, like=None):
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = 1
    for s in shape:
        n *= s
    dt = _dtype_of(dtype) if dtype is not None else _DType('U', len(fill_value) or 1) if isinstance(fill_value, str) \
        else _OBJECT
    if dt.kind == 'U':
        v = fill_value if isinstance(fill_value, str) else _to_str(fill_value)
        if dt._w == 0:
            dt = _DType('U', len(v) or 1)
        v = v[:dt._w]
    else:
        v = fill_value
    return _make([v] * n, shape, dt)


def filled(shape, dt, value):
    # np.empty/np.zeros/np.ones with dtype=object (None, 0, 1) or a str dtype ('' for all three but
    # ones, which is '1')
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    n = 1
    for s in shape:
        n *= s
    if dt.kind == 'U':
        return _make(['' if value is None or value == 0 else '1'] * n, shape, dtype('U', dt._w or 1))
    return _make([value] * n, shape, _OBJECT)


def _atleast(arys, nd):
    res = []
    for a in arys:
        a = a if isinstance(a, ndarray) else array(a)
        if a.ndim == 0:
            a = a.reshape((1,) * nd)
        elif a.ndim == 1 and nd == 2:
            a = a[None, :]
        res.append(a)
    return res[0] if len(res) == 1 else tuple(res)


def atleast_1d(*arys):
    return _atleast(arys, 1)


def atleast_2d(*arys):
    return _atleast(arys, 2)


def positions_op(f):
    # a shape function (np.expand_dims, np.flip, np.roll, ...) done on the positions: a view
    def call(a, *args, **kwargs):
        a = a if isinstance(a, ndarray) else array(a)
        return a._view(f(a._i, *args, **kwargs))
    return call


def array_equal(a1, a2, equal_nan=False):
    a, b = _wrap_of(a1), _wrap_of(a2)
    if a.shape != b.shape:
        return False
    return all(x == y for x, y in zip(a._flat_items(), b._flat_items()))


_np_concatenate = _np.concatenate
_np_stack = _np.stack


# ---- np.char / np.strings: elementwise str methods -------------------------------------------------

def _char_map(f, out_kind, *arrays):
    # f over the elements of the (broadcast) arrays; out_kind 'U' (a str array sized by its results),
    # 'b' (bool), 'i' (int64) or 'O' (lists, as np.char.split)
    ws = [_as_ours(a) if not isinstance(a, str) else _make([a], (), dtype('U', len(a))) for a in arrays]
    idx = [w._i for w in ws]
    shape_probe = idx[0]
    for i in idx[1:]:
        shape_probe = shape_probe + i * 0
    idx = [i + shape_probe * 0 for i in idx]
    cols = [[w._s[p] for p in i.ravel().tolist()] for w, i in zip(ws, idx)]
    vals = [f(*args) for args in zip(*cols)]
    shape = shape_probe.shape
    if out_kind == 'U':
        w = 1
        for v in vals:
            if len(v) > w:
                w = len(v)
        r = _make(vals, shape, dtype('U', w))
        return r
    if out_kind == 'O':
        return _make(vals, shape, _OBJECT)
    r = _native_array(vals, dtype=_np.bool_ if out_kind == 'b' else _int64).reshape(shape)
    return r[()] if not shape else r


class _CharModule:
    # np.char (numpy.char, the legacy module) and np.strings (NumPy 2): the common functions
    def __init__(self, name):
        self.__name__ = name

    def __repr__(self):
        return "<module '%s'>" % self.__name__

    def add(self, x1, x2):
        return _char_map(lambda a, b: a + b, 'U', x1, x2)

    def multiply(self, a, i):
        return _char_map(lambda s, n: s * n, 'U', a, _native_asarray(i) if not isinstance(i, int) else _native_array(i))

    def lower(self, a):
        return _char_map(str.lower, 'U', a)

    def upper(self, a):
        return _char_map(str.upper, 'U', a)

    def capitalize(self, a):
        return _char_map(str.capitalize, 'U', a)

    def title(self, a):
        return _char_map(str.title, 'U', a)

    def swapcase(self, a):
        return _char_map(str.swapcase, 'U', a)

    def strip(self, a, chars=None):
        return _char_map(lambda s: s.strip(chars), 'U', a)

    def lstrip(self, a, chars=None):
        return _char_map(lambda s: s.lstrip(chars), 'U', a)

    def rstrip(self, a, chars=None):
        return _char_map(lambda s: s.rstrip(chars), 'U', a)

    def replace(self, a, old, new, count=-1):
        return _char_map(lambda s: s.replace(old, new, count), 'U', a)

    def zfill(self, a, width):
        return _char_map(lambda s: s.zfill(width), 'U', a)

    def center(self, a, width, fillchar=' '):
        return _char_map(lambda s: s.center(width, fillchar), 'U', a)

    def ljust(self, a, width, fillchar=' '):
        return _char_map(lambda s: s.ljust(width, fillchar), 'U', a)

    def rjust(self, a, width, fillchar=' '):
        return _char_map(lambda s: s.rjust(width, fillchar), 'U', a)

    def split(self, a, sep=None, maxsplit=None):
        return _char_map(lambda s: s.split(sep, -1 if maxsplit is None else maxsplit), 'O', a)

    def join(self, sep, seq):
        return _char_map(lambda s, q: s.join(q), 'U', sep, seq)

    def str_len(self, a):
        return _char_map(len, 'i', a)

    def count(self, a, sub, start=0, end=None):
        return _char_map(lambda s: s.count(sub, start, end if end is not None else len(s)), 'i', a)

    def find(self, a, sub, start=0, end=None):
        return _char_map(lambda s: s.find(sub, start, end if end is not None else len(s)), 'i', a)

    def startswith(self, a, prefix, start=0, end=None):
        return _char_map(lambda s: s.startswith(prefix, start, end if end is not None else len(s)), 'b', a)

    def endswith(self, a, suffix, start=0, end=None):
        return _char_map(lambda s: s.endswith(suffix, start, end if end is not None else len(s)), 'b', a)

    def isdigit(self, a):
        return _char_map(str.isdigit, 'b', a)

    def isalpha(self, a):
        return _char_map(str.isalpha, 'b', a)

    def isalnum(self, a):
        return _char_map(str.isalnum, 'b', a)

    def isspace(self, a):
        return _char_map(str.isspace, 'b', a)

    def isupper(self, a):
        return _char_map(str.isupper, 'b', a)

    def islower(self, a):
        return _char_map(str.islower, 'b', a)

    def isnumeric(self, a):
        return _char_map(str.isnumeric, 'b', a)

    def equal(self, x1, x2):
        return _char_map(lambda a, b: a == b, 'b', x1, x2)

    def not_equal(self, x1, x2):
        return _char_map(lambda a, b: a != b, 'b', x1, x2)


char = _CharModule('numpy.char')
strings = _CharModule('numpy.strings')
