# array: CPython 3.12's array.array, typed sequences of machine values, for Kiln. Values live in a
# Python list, each checked and converted on the way in as CPython's setitem functions do (the same
# OverflowError/TypeError texts per typecode; 'f' items are rounded to float32), and tobytes/frombytes
# use the host's layout (little-endian, C sizes of x86-64/wasm: l and L are 8 bytes on x86-64 Linux,
# as in CPython there). No buffer protocol: memoryview(array) is not provided; bytes(a) and
# numpy.array(a) work through __bytes__ and iteration.

import struct as _struct

__all__ = ["ArrayType", "array", "typecodes"]

typecodes = "bBuhHiIlLqQfd"

_SIZES = {"b": 1, "B": 1, "u": 4, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8, "q": 8, "Q": 8,
          "f": 4, "d": 8}
_STRUCT = {"b": "b", "B": "B", "h": "h", "H": "H", "i": "i", "I": "I", "l": "q", "L": "Q",
           "q": "q", "Q": "Q", "f": "f", "d": "d"}
# (min, max, "too small" text, "too large" text) for the range checks of the C setitem functions
_LONG = "Python int too large to convert to C long"
_ULONG = "Python int too large to convert to C unsigned long"
_NEG_UINT = "can't convert negative value to unsigned int"
_LIMITS = {
    "b": (-128, 127, "signed char is less than minimum", "signed char is greater than maximum"),
    "B": (0, 255, "unsigned byte integer is less than minimum",
          "unsigned byte integer is greater than maximum"),
    "h": (-32768, 32767, "signed short integer is less than minimum",
          "signed short integer is greater than maximum"),
    "H": (0, 65535, "unsigned short is less than minimum", "unsigned short is greater than maximum"),
    "i": (-2**31, 2**31 - 1, "signed integer is less than minimum",
          "signed integer is greater than maximum"),
    "I": (0, 2**32 - 1, _NEG_UINT, "unsigned int is greater than maximum"),
    "l": (-2**63, 2**63 - 1, _LONG, _LONG),
    "L": (0, 2**64 - 1, _NEG_UINT, _ULONG),
    "q": (-2**63, 2**63 - 1, "int too big to convert", "int too big to convert"),
    "Q": (0, 2**64 - 1, "can't convert negative int to unsigned", "int too big to convert"),
}


def _index(v):
    if isinstance(v, int):
        return int(v)
    if hasattr(type(v), "__index__"):
        return v.__index__()
    raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")


def _convert(tc, v):
    if tc == "u":
        if not isinstance(v, str) or len(v) != 1:
            raise TypeError("array item must be unicode character")
        return v
    if tc == "f" or tc == "d":
        if isinstance(v, (int, float)):
            x = float(v)
        elif hasattr(type(v), "__float__"):
            x = v.__float__()
        elif hasattr(type(v), "__index__"):
            x = float(v.__index__())
        else:
            raise TypeError(f"must be real number, not {type(v).__name__}")
        if tc == "f":
            x = _struct.unpack("<f", _struct.pack("<f", x))[0]
        return x
    x = _index(v)
    lo, hi, small, large = _LIMITS[tc]
    if tc in "bBhHi":
        # these go through a C long first
        if x < -2**63 or x > 2**63 - 1:
            raise OverflowError(_LONG)
    elif tc in "IL":
        if x > 2**64 - 1:
            raise OverflowError(_ULONG)
    if x < lo:
        raise OverflowError(small)
    if x > hi:
        raise OverflowError(large)
    return x


class array:
    """array(typecode [, initializer]) -> array"""

    def __init__(self, typecode, initializer=None, /):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError("array() argument 1 must be a unicode character, not "
                            + type(typecode).__name__)
        if typecode not in _SIZES:
            raise ValueError("bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)")
        self._tc = typecode
        self._d = []
        if initializer is None:
            return
        if isinstance(initializer, str):
            if typecode != "u":
                raise TypeError("cannot use a str to initialize an array with typecode "
                                f"'{typecode}'")
            self._d = list(initializer)
        elif isinstance(initializer, (bytes, bytearray)):
            self.frombytes(initializer)
        elif isinstance(initializer, array):
            if initializer._tc == "u" and typecode != "u":
                raise TypeError("cannot use a unicode array to initialize an array with "
                                f"typecode '{typecode}'")
            self._d = [_convert(typecode, v) for v in initializer._d]
        else:
            self._d = [_convert(typecode, v) for v in initializer]

    def __init_subclass__(cls, **kw):
        pass

    @property
    def typecode(self):
        return self._tc

    @property
    def itemsize(self):
        return _SIZES[self._tc]

    def _new(self, data):
        a = array.__new__(type(self))
        a._tc = self._tc
        a._d = data
        return a

    # sequence protocol
    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(list(self._d))

    def __contains__(self, v):
        return v in self._d

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._new(self._d[i])
        i = _index(i)
        if i < -len(self._d) or i >= len(self._d):
            raise IndexError("array index out of range")
        return self._d[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError(f'can only assign array (not "{type(v).__name__}") to array slice')
            if v._tc != self._tc:
                raise TypeError("bad argument type for built-in operation")
            start, stop, step = i.indices(len(self._d))
            if step != 1:
                n = len(range(start, stop, step))
                if len(v._d) != n:
                    raise ValueError(f"attempt to assign array of size {len(v._d)} to extended "
                                     f"slice of size {n}")
            self._d[i] = list(v._d)
            return
        i = _index(i)
        if i < -len(self._d) or i >= len(self._d):
            raise IndexError("array assignment index out of range")
        self._d[i] = _convert(self._tc, v)

    def __delitem__(self, i):
        if isinstance(i, slice):
            del self._d[i]
            return
        i = _index(i)
        if i < -len(self._d) or i >= len(self._d):
            raise IndexError("array assignment index out of range")
        del self._d[i]

    # arithmetic
    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only append array (not "{type(other).__name__}") to array')
        if other._tc != self._tc:
            raise TypeError("bad argument type for built-in operation")
        return self._new(self._d + other._d)

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError(f'can only extend array with array (not "{type(other).__name__}")')
        self.extend(other)
        return self

    def __mul__(self, n):
        return self._new(self._d * _index(n))

    __rmul__ = __mul__

    def __imul__(self, n):
        self._d *= _index(n)
        return self

    # comparisons: element by element, then by length
    def _cmp(self, other, op):
        if not isinstance(other, array):
            return NotImplemented
        return op(self._d, other._d)

    def __eq__(self, other):
        return self._cmp(other, lambda a, b: a == b)

    def __ne__(self, other):
        return self._cmp(other, lambda a, b: a != b)

    def __lt__(self, other):
        return self._cmp(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._cmp(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._cmp(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._cmp(other, lambda a, b: a >= b)

    def __hash__(self):
        # CPython names the C type by its dotted tp_name here
        raise TypeError("unhashable type: 'array.array'")

    def __repr__(self):
        name = type(self).__name__ if type(self) is not array else "array"
        if not self._d:
            return f"{name}('{self._tc}')"
        if self._tc == "u":
            return f"{name}('u', {''.join(self._d)!r})"
        return f"{name}('{self._tc}', {list(self._d)!r})"

    def __copy__(self):
        return self._new(list(self._d))

    def __deepcopy__(self, memo):
        return self._new(list(self._d))

    def __reduce_ex__(self, protocol):
        return (type(self), (self._tc, list(self._d)))

    def __bytes__(self):
        return self.tobytes()

    # methods
    def append(self, v, /):
        self._d.append(_convert(self._tc, v))

    def extend(self, iterable, /):
        if isinstance(iterable, array):
            if iterable._tc != self._tc:
                raise TypeError("can only extend with array of same kind")
            self._d.extend(iterable._d)
            return
        for v in iterable:
            self._d.append(_convert(self._tc, v))

    def insert(self, i, v, /):
        self._d.insert(_index(i), _convert(self._tc, v))

    def pop(self, i=-1, /):
        if not self._d:
            raise IndexError("pop from empty array")
        i = _index(i)
        if i < -len(self._d) or i >= len(self._d):
            raise IndexError("pop index out of range")
        return self._d.pop(i)

    def remove(self, v, /):
        for k, x in enumerate(self._d):
            if x == v:
                del self._d[k]
                return
        raise ValueError("array.remove(x): x not in array")

    def index(self, v, start=0, stop=None, /):
        n = len(self._d)
        if stop is None:
            stop = n
        if start < 0:
            start = max(start + n, 0)
        if stop < 0:
            stop = max(stop + n, 0)
        for k in range(start, min(stop, n)):
            if self._d[k] == v:
                return k
        raise ValueError("array.index(x): x not in array")

    def count(self, v, /):
        return sum(1 for x in self._d if x == v)

    def reverse(self):
        self._d.reverse()

    def tolist(self):
        return list(self._d)

    def fromlist(self, lst, /):
        if not isinstance(lst, list):
            raise TypeError("arg must be list")
        self._d.extend([_convert(self._tc, v) for v in lst])

    def _fmt(self, n):
        return "<" + str(n) + _STRUCT[self._tc]

    def tobytes(self):
        if self._tc == "u":
            return "".join(self._d).encode("utf-32-le")
        return _struct.pack(self._fmt(len(self._d)), *self._d)

    def frombytes(self, buffer, /):
        buffer = bytes(buffer)
        size = _SIZES[self._tc]
        if len(buffer) % size:
            raise ValueError("bytes length not a multiple of item size")
        if self._tc == "u":
            self._d.extend(buffer.decode("utf-32-le"))
            return
        self._d.extend(_struct.unpack(self._fmt(len(buffer) // size), buffer))

    def fromunicode(self, ustr, /):
        if self._tc != "u":
            raise ValueError("fromunicode() may only be called on unicode type arrays")
        if not isinstance(ustr, str):
            raise TypeError(f"fromunicode() argument must be str, not {type(ustr).__name__}")
        self._d.extend(ustr)

    def tounicode(self):
        if self._tc != "u":
            raise ValueError("tounicode() may only be called on unicode type arrays")
        return "".join(self._d)

    def tofile(self, f, /):
        f.write(self.tobytes())

    def fromfile(self, f, n, /):
        size = _SIZES[self._tc]
        data = f.read(size * n)
        if len(data) < size * n:
            self.frombytes(data[:len(data) - len(data) % size])
            raise EOFError("read() didn't return enough bytes")
        self.frombytes(data)

    def byteswap(self):
        if self._tc == "u":
            raise RuntimeError("don't know how to byteswap this array type")
        size = _SIZES[self._tc]
        if size == 1:
            return
        raw = self.tobytes()
        out = bytearray()
        for k in range(0, len(raw), size):
            out += raw[k:k + size][::-1]
        self._d = list(_struct.unpack(self._fmt(len(self._d)), bytes(out)))

    def buffer_info(self):
        return (id(self), len(self._d))

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


ArrayType = array
