# pickle: dump/dumps/load/loads, Pickler/Unpickler, the exceptions and protocol constants, written
# from the pickle format (CPython's pickletools documents the opcodes). dumps writes protocols 2-5
# (default 4, as CPython 3.11) with CPython's choices for the built-in types, so the bytes equal
# CPython's for None, bools, ints, floats, str, bytes, tuples, lists, dicts, sets, frozensets,
# classes/functions by reference, and instances of Python classes (NEWOBJ + BUILD of __dict__ /
# __getstate__, __reduce__/__reduce_ex__, copyreg.dispatch_table, __getnewargs(_ex)__, slots), with
# the memo (MEMOIZE/BINGET) and protocol 4 framing. loads reads every protocol (0-5) including
# Python 2 names (fix_imports) for those types.
# Left out: protocols 0 and 1 for dumping (NotImplementedError), persistent ids (persistent_id /
# persistent_load raise UnpicklingError), out-of-band buffers (NEXT_BUFFER), the extension registry,
# frames for objects over 64 KiB being split exactly as CPython splits them (the bytes differ there,
# loads reads both), and torch/NumPy objects other than tensors, arrays, NumPy scalars and dtypes
# (PicklingError). Arrays, NumPy scalars and dtypes pickle as NumPy's own reductions (_numpy_reduce).

import struct as _struct
import sys as _sys
import io as _io
import copyreg as _copyreg

__all__ = ["PickleError", "PicklingError", "UnpicklingError", "Pickler", "Unpickler", "dump", "dumps", "load",
           "loads", "HIGHEST_PROTOCOL", "DEFAULT_PROTOCOL"]

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4
format_version = "4.0"
compatible_formats = ["1.0", "1.1", "1.2", "1.3", "2.0", "3.0", "4.0", "5.0"]


def _numpy_reduce(obj, np):
    # NumPy's own reductions (as Kiln's torch.save writes them, serialization.cpp): a dtype is
    # numpy.dtype('f4', False, True) + BUILD (3, byteorder, None, None, None, -1, -1, 0); an array
    # numpy._core.multiarray._reconstruct(numpy.ndarray, (0,), b'b') + BUILD (1, shape, dtype,
    # is_fortran, C-order bytes); a scalar numpy._core.multiarray.scalar(dtype, bytes). NumPy and
    # Kiln read them back (replay buffers, cached datasets, logged arrays pickled next to a model).
    if isinstance(obj, np.dtype):
        s = obj.str
        return np.dtype, (s[1:], False, True), (3, s[0], None, None, None, -1, -1, 0)
    from numpy._core.multiarray import _reconstruct, scalar
    if isinstance(obj, np.generic):
        return scalar, (obj.dtype, obj.tobytes())
    return _reconstruct, (np.ndarray, (0,), b'b'), (1, obj.shape, obj.dtype, False, obj.tobytes())


class PickleError(Exception):
    __module__ = '_pickle'  # CPython's classes live in the C module


class PicklingError(PickleError):
    __module__ = '_pickle'


class UnpicklingError(PickleError):
    __module__ = '_pickle'


class _Stop(Exception):
    def __init__(self, value):
        self.value = value


MARK = b'('
STOP = b'.'
POP = b'0'
POP_MARK = b'1'
DUP = b'2'
FLOAT = b'F'
INT = b'I'
BININT = b'J'
BININT1 = b'K'
LONG = b'L'
BININT2 = b'M'
NONE = b'N'
PERSID = b'P'
BINPERSID = b'Q'
REDUCE = b'R'
STRING = b'S'
BINSTRING = b'T'
SHORT_BINSTRING = b'U'
UNICODE = b'V'
BINUNICODE = b'X'
APPEND = b'a'
BUILD = b'b'
GLOBAL = b'c'
DICT = b'd'
EMPTY_DICT = b'}'
APPENDS = b'e'
GET = b'g'
BINGET = b'h'
INST = b'i'
LONG_BINGET = b'j'
LIST = b'l'
EMPTY_LIST = b']'
OBJ = b'o'
PUT = b'p'
BINPUT = b'q'
LONG_BINPUT = b'r'
SETITEM = b's'
TUPLE = b't'
EMPTY_TUPLE = b')'
SETITEMS = b'u'
BINFLOAT = b'G'
TRUE = b'I01\n'
FALSE = b'I00\n'
PROTO = b'\x80'
NEWOBJ = b'\x81'
EXT1 = b'\x82'
EXT2 = b'\x83'
EXT4 = b'\x84'
TUPLE1 = b'\x85'
TUPLE2 = b'\x86'
TUPLE3 = b'\x87'
NEWTRUE = b'\x88'
NEWFALSE = b'\x89'
LONG1 = b'\x8a'
LONG4 = b'\x8b'
BINBYTES = b'B'
SHORT_BINBYTES = b'C'
SHORT_BINUNICODE = b'\x8c'
BINUNICODE8 = b'\x8d'
BINBYTES8 = b'\x8e'
EMPTY_SET = b'\x8f'
ADDITEMS = b'\x90'
FROZENSET = b'\x91'
NEWOBJ_EX = b'\x92'
STACK_GLOBAL = b'\x93'
MEMOIZE = b'\x94'
FRAME = b'\x95'
BYTEARRAY8 = b'\x96'
NEXT_BUFFER = b'\x97'
READONLY_BUFFER = b'\x98'

_FRAME_SIZE_MIN = 4
_FRAME_SIZE_TARGET = 64 * 1024
_BATCHSIZE = 1000

# Python 2 names in old pickles (CPython's _compat_pickle, the entries built-in types need).
_COMPAT = {('__builtin__', 'xrange'): ('builtins', 'range'), ('__builtin__', 'unicode'): ('builtins', 'str'),
           ('__builtin__', 'basestring'): ('builtins', 'str'), ('__builtin__', 'long'): ('builtins', 'int'),
           ('copy_reg', '_reconstructor'): ('copyreg', '_reconstructor'),
           ('__builtin__', 'reduce'): ('functools', 'reduce')}
_REVERSE_COMPAT = {('builtins', 'int'): ('__builtin__', 'long'), ('builtins', 'str'): ('__builtin__', 'unicode'),
                   ('builtins', 'range'): ('__builtin__', 'xrange'), ('functools', 'reduce'): ('__builtin__', 'reduce'),
                   ('copyreg', '_reconstructor'): ('copy_reg', '_reconstructor')}
_REVERSE_COMPAT_MODULES = {'builtins': '__builtin__', 'copyreg': 'copy_reg'}
_COMPAT_MODULES = {'__builtin__': 'builtins', 'copy_reg': 'copyreg', 'UserDict': 'collections',
                   'UserList': 'collections'}


def _encode_long(x):
    if x == 0:
        return b''
    nbytes = (x.bit_length() >> 3) + 1
    result = x.to_bytes(nbytes, byteorder='little', signed=True)
    if x < 0 and nbytes > 1:
        if result[-1] == 0xff and (result[-2] & 0x80) != 0:
            result = result[:-1]
    return result


def _decode_long(data):
    return int.from_bytes(data, byteorder='little', signed=True)


def _codecs_encode(text, encoding='utf-8'):
    return text.encode(encoding)


def _whichmodule_getattr(obj, qualname):
    for part in qualname.split('.'):
        if part == '<locals>':
            raise AttributeError("Can't get local attribute %r on %r" % (qualname, obj))
        obj = getattr(obj, part)
    return obj


class Pickler:
    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif protocol > HIGHEST_PROTOCOL:
            raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
        if protocol < 2:
            raise NotImplementedError("pickle protocols 0 and 1 are not written by Kiln (protocol 2-5 are; loads reads all)")
        if buffer_callback is not None:
            raise NotImplementedError("pickle out-of-band buffers (buffer_callback) are not supported in Kiln")
        if not hasattr(file, 'write'):
            raise TypeError("file must have a 'write' attribute")
        self._file = file
        self.proto = protocol
        self.bin = True
        self.fast = 0
        self.memo = {}
        self._framing = protocol >= 4
        self._frame = []
        self._frame_len = 0
        self._out = []
        self.dispatch_table = None

    def clear_memo(self):
        self.memo.clear()

    def _w(self, data):
        if self._framing:
            self._frame.append(data)
            self._frame_len += len(data)
        else:
            self._out.append(data)

    def _commit_frame(self, force=False):
        if not self._framing or not self._frame:
            return
        if force or self._frame_len >= _FRAME_SIZE_TARGET:
            data = b''.join(self._frame)
            if len(data) >= _FRAME_SIZE_MIN:
                self._out.append(FRAME + len(data).to_bytes(8, 'little'))
            self._out.append(data)
            self._frame = []
            self._frame_len = 0

    def dump(self, obj):
        self._out.append(PROTO + bytes([self.proto]))
        try:
            self.save(obj)
        except RecursionError as e:
            # _pickle.c's save() names what it was doing when the depth ran out
            if str(e) != 'maximum recursion depth exceeded':
                raise
            raise RecursionError('maximum recursion depth exceeded while pickling an object') from None
        self._w(STOP)
        self._commit_frame(True)
        self._file.write(b''.join(self._out))
        self._out = []

    def memoize(self, obj):
        if self.fast:
            return
        idx = len(self.memo)
        if self.proto >= 4:
            self._w(MEMOIZE)
        elif idx < 256:
            self._w(BINPUT + bytes([idx]))
        else:
            self._w(LONG_BINPUT + idx.to_bytes(4, 'little'))
        self.memo[_memo_key(obj)] = (idx, obj)

    def _get(self, idx):
        if idx < 256:
            return BINGET + bytes([idx])
        return LONG_BINGET + idx.to_bytes(4, 'little')

    def save(self, obj, save_persistent_id=True):
        self._commit_frame()
        t = type(obj)
        if obj is None:
            self._w(NONE)
            return
        if t is bool:
            self._w(NEWTRUE if obj else NEWFALSE)
            return
        if t is int:
            self.save_long(obj)
            return
        if t is float:
            self._w(BINFLOAT + _struct.pack('>d', obj))
            return
        m = self.memo.get(_memo_key(obj))
        if m is not None:
            self._w(self._get(m[0]))
            return
        if t is str:
            self.save_str(obj)
        elif t is bytes:
            self.save_bytes(obj)
        elif t is bytearray:
            self.save_bytearray(obj)
        elif t is tuple:
            self.save_tuple(obj)
        elif t is list:
            self._w(EMPTY_LIST)
            self.memoize(obj)
            self._batch_appends(obj)
        elif t is dict:
            self._w(EMPTY_DICT)
            self.memoize(obj)
            self._batch_setitems(list(obj.items()))
        elif t is set:
            self.save_set(obj)
        elif t is frozenset:
            self.save_frozenset(obj)
        elif isinstance(obj, type) or t.__name__ in ('function', 'builtin_function_or_method'):
            self.save_global(obj)
        else:
            self.save_reduce_obj(obj)

    def save_long(self, obj):
        if obj >= 0:
            if obj <= 0xff:
                self._w(BININT1 + bytes([obj]))
                return
            if obj <= 0xffff:
                self._w(BININT2 + obj.to_bytes(2, 'little'))
                return
        if -0x80000000 <= obj <= 0x7fffffff:
            self._w(BININT + obj.to_bytes(4, 'little', signed=True))
            return
        enc = _encode_long(obj)
        n = len(enc)
        if n < 256:
            self._w(LONG1 + bytes([n]) + enc)
        else:
            self._w(LONG4 + n.to_bytes(4, 'little', signed=True) + enc)

    def save_str(self, obj):
        enc = obj.encode('utf-8')
        n = len(enc)
        if n < 256 and self.proto >= 4:
            self._w(SHORT_BINUNICODE + bytes([n]) + enc)
        elif n > 0xffffffff and self.proto >= 4:
            self._w(BINUNICODE8 + n.to_bytes(8, 'little') + enc)
        else:
            self._w(BINUNICODE + n.to_bytes(4, 'little') + enc)
        self.memoize(obj)

    def save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                self.save_reduce(bytes, (), obj=obj)
            else:
                self.save_reduce(_codecs_encode_global, (obj.decode('latin-1'), 'latin1'), obj=obj)
            return
        n = len(obj)
        if n < 256:
            self._w(SHORT_BINBYTES + bytes([n]) + obj)
        elif n > 0xffffffff and self.proto >= 4:
            self._w(BINBYTES8 + n.to_bytes(8, 'little') + obj)
        else:
            self._w(BINBYTES + n.to_bytes(4, 'little') + obj)
        self.memoize(obj)

    def save_bytearray(self, obj):
        if self.proto < 5:
            self.save_reduce(bytearray, (bytes(obj),), obj=obj)
            return
        self._w(BYTEARRAY8 + len(obj).to_bytes(8, 'little') + bytes(obj))
        self.memoize(obj)

    def save_tuple(self, obj):
        n = len(obj)
        if n == 0:
            self._w(EMPTY_TUPLE)
            return
        if n <= 3:
            for item in obj:
                self.save(item)
            m = self.memo.get(_memo_key(obj))
            if m is not None:
                self._w(POP * n + self._get(m[0]))
                return
            self._w((TUPLE1, TUPLE2, TUPLE3)[n - 1])
            self.memoize(obj)
            return
        self._w(MARK)
        for item in obj:
            self.save(item)
        m = self.memo.get(_memo_key(obj))
        if m is not None:
            self._w(POP_MARK + self._get(m[0]))
            return
        self._w(TUPLE)
        self.memoize(obj)

    def _batch_appends(self, items):
        items = list(items)
        n = len(items)
        i = 0
        while i < n:
            batch = items[i:i + _BATCHSIZE]
            if len(batch) == 1:
                self.save(batch[0])
                self._w(APPEND)
            else:
                self._w(MARK)
                for x in batch:
                    self.save(x)
                self._w(APPENDS)
            i += _BATCHSIZE

    def _batch_setitems(self, items):
        n = len(items)
        i = 0
        while i < n:
            batch = items[i:i + _BATCHSIZE]
            if len(batch) == 1:
                k, v = batch[0]
                self.save(k)
                self.save(v)
                self._w(SETITEM)
            else:
                self._w(MARK)
                for k, v in batch:
                    self.save(k)
                    self.save(v)
                self._w(SETITEMS)
            i += _BATCHSIZE

    def save_set(self, obj):
        if self.proto < 4:
            self.save_reduce(set, (list(obj),), obj=obj)
            return
        self._w(EMPTY_SET)
        self.memoize(obj)
        items = list(obj)
        i = 0
        while i < len(items):
            self._w(MARK)
            for x in items[i:i + _BATCHSIZE]:
                self.save(x)
            self._w(ADDITEMS)
            i += _BATCHSIZE

    def save_frozenset(self, obj):
        if self.proto < 4:
            self.save_reduce(frozenset, (list(obj),), obj=obj)
            return
        self._w(MARK)
        for x in obj:
            self.save(x)
        m = self.memo.get(_memo_key(obj))
        if m is not None:
            self._w(POP_MARK + self._get(m[0]))
            return
        self._w(FROZENSET)
        self.memoize(obj)

    def save_global(self, obj, name=None):
        module_name, name = _global_name(obj, name, self.proto)
        if self.proto < 4 and '.' in name:
            # CPython's save_global: below protocol 4 a nested name is reduced to
            # getattr(parent, last), the parent (a class) saved as a global itself
            parent_name, _, last = name.rpartition('.')
            parent = _whichmodule_getattr(__import__(module_name, fromlist=['_']), parent_name)
            self.save_reduce(getattr, (parent, last), obj=obj)
            return
        if self.proto >= 4:
            self.save(module_name)
            self.save(name)
            self._w(STACK_GLOBAL)
        else:
            self._w(GLOBAL + module_name.encode('utf-8') + b'\n' + name.encode('utf-8') + b'\n')
        self.memoize(obj)

    def save_reduce_obj(self, obj):
        t = type(obj)
        tname = t.__name__
        torch = _sys.modules.get('torch')
        if torch is not None and isinstance(obj, torch.Tensor) and getattr(t, '__reduce_ex__', None) is \
                getattr(torch.Tensor, '__reduce_ex__', None):
            # PyTorch's Tensor/Parameter.__reduce_ex__ (torch._utils._reduce_tensor)
            self.save_reduce(*torch._utils._reduce_tensor(obj, self.proto), obj=obj)
            return
        np = _sys.modules.get('numpy')
        if np is not None and isinstance(obj, (np.ndarray, np.generic, np.dtype)):
            self.save_reduce(*_numpy_reduce(obj, np), obj=obj)
            return
        if tname in ('ndarray',) or t.__module__ in ('torch', 'numpy'):
            raise PicklingError("pickle of %s.%s objects is not supported in Kiln (use torch.save / np.save)"
                                % (t.__module__, tname))
        rv = _reduce_value(obj, self.proto, self.dispatch_table)
        if isinstance(rv, str):
            self.save_global(obj, rv)
            return
        self.save_reduce(*rv, obj=obj)

    def save_reduce(self, func, args, state=None, listitems=None, dictitems=None, state_setter=None, obj=None):
        if not isinstance(args, tuple):
            raise PicklingError("args from save_reduce() must be a tuple")
        if not callable(func):
            raise PicklingError("func from save_reduce() must be callable")
        fname = getattr(func, '__name__', '')
        if self.proto >= 2 and fname == '__newobj_ex__' and func is _copyreg.__newobj_ex__:
            cls, a, kw = args
            self.save(cls)
            self.save(tuple(a))
            self.save(kw)
            self._w(NEWOBJ_EX)
        elif self.proto >= 2 and fname == '__newobj__' and func is _copyreg.__newobj__:
            cls = args[0]
            self.save(cls)
            self.save(tuple(args[1:]))
            self._w(NEWOBJ)
        else:
            self.save(func)
            self.save(args)
            self._w(REDUCE)
        if obj is not None:
            m = self.memo.get(_memo_key(obj))
            if m is not None:
                self._w(POP + self._get(m[0]))
            else:
                self.memoize(obj)
        if listitems is not None:
            self._batch_appends(listitems)
        if dictitems is not None:
            self._batch_setitems(list(dictitems))
        if state is not None:
            if state_setter is None:
                self.save(state)
                self._w(BUILD)
            else:
                self.save(state_setter)
                self.save(obj)
                self.save(state)
                self._w(TUPLE2)
                self._w(REDUCE)
                self._w(POP)


def _whichmodule(obj, name):
    # pickle.whichmodule: an object without __module__ is looked for in every imported module
    # (sys.modules order), '__main__' when none has it under that name.
    import sys as _sys
    for module_name, module in list(_sys.modules.items()):
        if module_name in ('__main__', '__mp_main__') or module is None:
            continue
        try:
            if _whichmodule_getattr(module, name) is obj:
                return module_name
        except (AttributeError, KeyError):
            pass
    return '__main__'


def _global_name(obj, name, proto):
    # The (module, name) pair a class or function is pickled by (Pickler.save_global's checks: it must
    # be found again by that name; protocols < 4 take no dotted names). torch.save shares it.
    if name is None:
        name = getattr(obj, '__qualname__', None)
        if name is None:
            name = obj.__name__
    module_name = getattr(obj, '__module__', None)
    if module_name is None:
        module_name = _whichmodule(obj, name)
    if obj is _codecs_encode_global:
        return '_codecs', 'encode'
    try:
        if module_name == '__main__':
            import sys as _sys
            mod = _sys.modules['__main__']
        else:
            mod = __import__(module_name, fromlist=['_'])
        obj2 = _whichmodule_getattr(mod, name)
    except (ImportError, AttributeError, KeyError):
        raise PicklingError("Can't pickle %r: attribute lookup %s on %s failed" % (obj, name, module_name))
    if obj2 is not obj:
        raise PicklingError("Can't pickle %r: it's not the same object as %s.%s" % (obj, module_name, name))
    if proto < 4:
        # A nested name (a class's staticmethod, a nested class: 'BaseModel._accuracy_score') is
        # saved by save_global as getattr(parent, last) at these protocols, as CPython's does.
        if proto < 3 and '.' not in name:
            module_name, name = _REVERSE_COMPAT.get((module_name, name), (module_name, name))
            module_name = _REVERSE_COMPAT_MODULES.get(module_name, module_name)
    return module_name, name


def _reduce_value(obj, proto, dispatch_table=None):
    # What pickling `obj` saves (Pickler.save's reduction step): copyreg's dispatch table, the first
    # __reduce_ex__ / __reduce__ a class of its MRO defines, else object's (copyreg.__newobj__ + state).
    # A string names a global; a tuple is checked as CPython checks it. torch.save shares it.
    t = type(obj)
    dt = dispatch_table if dispatch_table is not None else _copyreg.dispatch_table
    if t in dt:
        rv = dt[t](obj)
    else:
        rv = None
        for klass in t.__mro__:
            if klass is object:
                break
            d = klass.__dict__
            if '__reduce_ex__' in d:
                rv = obj.__reduce_ex__(proto)
                break
            if '__reduce__' in d:
                rv = obj.__reduce__()
                break
        if rv is None and (t is range or t is slice):  # range.__reduce__, slice.__reduce__
            rv = (t, (obj.start, obj.stop, obj.step))
        if rv is None and (obj is Ellipsis or obj is NotImplemented):  # pickled by name
            rv = 'Ellipsis' if obj is Ellipsis else 'NotImplemented'
        if rv is None and isinstance(obj, BaseException):
            # BaseException.__reduce__: the class and its args, then the instance dict if any
            d = getattr(obj, '__dict__', None)
            rv = (t, obj.args, d) if d else (t, obj.args)
        if rv is None:
            rv = _object_reduce(obj)
    if isinstance(rv, str):
        return rv
    if not isinstance(rv, tuple):
        raise PicklingError("%s must return string or tuple" % '__reduce__')
    if not (2 <= len(rv) <= 6):
        raise PicklingError("Tuple returned by %s must have two to six elements" % '__reduce__')
    return rv


def _object_reduce(obj):
    # object.__reduce_ex__(2+): copyreg.__newobj__ with the class, its __getnewargs(_ex)__, state,
    # list items (list subclasses) and dict items (dict subclasses).
    cls = type(obj)
    if cls.__module__ == 'builtins' and cls is not object:
        # a built-in type's instance whose state lives in C (a generator, a frame, a property):
        # object.__reduce_ex__ cannot reach it (CPython's _PyObject_GetState)
        raise TypeError(f"cannot pickle '{cls.__name__}' object")
    if hasattr(cls, '__getnewargs_ex__'):
        args, kwargs = obj.__getnewargs_ex__()
    elif hasattr(cls, '__getnewargs__'):
        args, kwargs = obj.__getnewargs__(), None
    else:
        args, kwargs = (), None
    state = _state_of(obj)
    listitems = iter(obj) if isinstance(obj, list) else None
    dictitems = iter(list(obj.items())) if isinstance(obj, dict) else None
    if kwargs:
        return (_copyreg.__newobj_ex__, (cls, tuple(args), kwargs), state, listitems, dictitems)
    return (_copyreg.__newobj__, (cls,) + tuple(args), state, listitems, dictitems)


def _state_of(obj):
    cls = type(obj)
    for klass in cls.__mro__:
        if klass is object:
            break
        if '__getstate__' in klass.__dict__:
            return obj.__getstate__()
    d = None if _slots_only(cls) else getattr(obj, '__dict__', None)
    state = d if d else None
    slots = _copyreg._slotnames(cls) if hasattr(cls, '__slots__') else []
    if slots:
        sd = {}
        for name in slots:
            try:
                sd[name] = getattr(obj, name)
            except AttributeError:
                pass
        if sd:
            state = (state, sd)
    if isinstance(obj, (list, dict)) and state is not None and not isinstance(state, tuple):
        state = dict(state)
    return state


def _codecs_encode_global(text, encoding):
    return text.encode(encoding)


_codecs_encode_global.__module__ = '_codecs'
_codecs_encode_global.__qualname__ = 'encode'


class _Stack(list):
    # The unpickler's stack: reading past its bottom is CPython's "unpickling stack underflow"
    # (a hostile pickle's opcode with nothing to pop), never an IndexError from inside pickle.
    def pop(self, *index):
        if not self:
            raise UnpicklingError("unpickling stack underflow")
        return list.pop(self, *index)

    def __getitem__(self, index):
        if not self:
            raise UnpicklingError("unpickling stack underflow")
        return list.__getitem__(self, index)


class _Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def read(self, n):
        d = self.data[self.pos:self.pos + n]
        if len(d) < n:
            raise UnpicklingError("pickle data was truncated")
        self.pos += n
        return d

    def readline(self):
        i = self.data.find(b'\n', self.pos)
        if i < 0:
            raise UnpicklingError("pickle data was truncated")
        line = self.data[self.pos:i + 1]
        self.pos = i + 1
        return line


class Unpickler:
    def __init__(self, file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
        if not hasattr(file, 'read'):
            raise TypeError("file must have 'read' and 'readline' attributes")
        self._file = file
        self.fix_imports = fix_imports
        self.encoding = encoding
        self.errors = errors
        self.memo = {}
        self.proto = 0

    def find_class(self, module, name):
        if self.proto < 3 and self.fix_imports:
            if (module, name) in _COMPAT:
                module, name = _COMPAT[(module, name)]
            elif module in _COMPAT_MODULES:
                module = _COMPAT_MODULES[module]
        if module == '_codecs' and name == 'encode':
            return _codecs_encode
        if module == 'copyreg':
            return getattr(_copyreg, name)
        if module == '__main__':
            import sys as _sys
            mod = _sys.modules['__main__']
        else:
            mod = __import__(module, fromlist=['_'])
        try:
            return _whichmodule_getattr(mod, name)
        except AttributeError:
            raise AttributeError("Can't get attribute %r on %r" % (name, mod))

    def persistent_load(self, pid):
        raise UnpicklingError("A load persistent id instruction was encountered, but no persistent_load function was specified.")

    def load(self):
        data = self._file.read()
        if isinstance(data, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        r = _Reader(bytes(data))
        value, used = self._run(r)
        # leave the file positioned after the pickle, as CPython's reader does
        if hasattr(self._file, 'seek') and used < len(data):
            try:
                self._file.seek(self._file.tell() - (len(data) - used))
            except Exception:
                pass
        return value

    def _run(self, r):
        stack = _Stack()
        metastack = []
        memo = self.memo
        read = r.read

        def pop_mark():
            nonlocal stack
            if not metastack:  # an opcode that needs a MARK none pushed
                raise UnpicklingError("could not find MARK")
            items = stack
            stack = metastack.pop()
            return items
        while True:
            if r.pos >= len(r.data):  # no opcode left: CPython's EOFError (a short argument is truncated data)
                raise EOFError("Ran out of input")
            key = read(1)
            op = key[0]
            if key == PROTO:
                self.proto = read(1)[0]
                if self.proto > HIGHEST_PROTOCOL:
                    raise ValueError("unsupported pickle protocol: %d" % self.proto)
            elif key == FRAME:
                # the C unpickler reads the whole frame first: a length past the data is truncated data
                frame_len = int.from_bytes(read(8), 'little')
                if frame_len > 0x7FFFFFFFFFFFFFFF:
                    raise OverflowError("FRAME length exceeds system's maximum of 9223372036854775807 bytes")
                if frame_len > len(r.data) - r.pos:
                    raise UnpicklingError("pickle data was truncated")
            elif key == STOP:
                return stack.pop(), r.pos
            elif key == MARK:
                metastack.append(stack)
                stack = _Stack()
            elif key == POP:
                if stack:
                    stack.pop()
                else:
                    pop_mark()
            elif key == POP_MARK:
                pop_mark()
            elif key == DUP:
                stack.append(stack[-1])
            elif key == NONE:
                stack.append(None)
            elif key == NEWTRUE:
                stack.append(True)
            elif key == NEWFALSE:
                stack.append(False)
            elif key == INT:
                line = r.readline()
                if line == TRUE:
                    stack.append(True)
                elif line == FALSE:
                    stack.append(False)
                else:
                    stack.append(int(line.decode('ascii').strip(), 0))
            elif key == BININT:
                stack.append(int.from_bytes(read(4), 'little', signed=True))
            elif key == BININT1:
                stack.append(read(1)[0])
            elif key == BININT2:
                stack.append(int.from_bytes(read(2), 'little'))
            elif key == LONG:
                s = r.readline().decode('ascii').strip()
                if s.endswith('L'):
                    s = s[:-1]
                stack.append(int(s, 0))
            elif key == LONG1:
                n = read(1)[0]
                stack.append(_decode_long(read(n)))
            elif key == LONG4:
                n = int.from_bytes(read(4), 'little', signed=True)
                if n < 0:
                    raise UnpicklingError("LONG pickle has negative byte count")
                stack.append(_decode_long(read(n)))
            elif key == FLOAT:
                stack.append(float(r.readline().decode('ascii').strip()))
            elif key == BINFLOAT:
                stack.append(_struct.unpack('>d', read(8))[0])
            elif key == STRING:
                s = r.readline()[:-1]
                if len(s) >= 2 and s[0] == s[-1] and s[0] in b'"\'':
                    s = s[1:-1]
                else:
                    raise UnpicklingError("the STRING opcode argument must be quoted")
                stack.append(self._decode_string(_unescape(s)))
            elif key == BINSTRING:
                n = int.from_bytes(read(4), 'little', signed=True)
                stack.append(self._decode_string(read(n)))
            elif key == SHORT_BINSTRING:
                n = read(1)[0]
                stack.append(self._decode_string(read(n)))
            elif key == UNICODE:
                stack.append(_raw_unicode_escape(r.readline()[:-1]))
            elif key == BINUNICODE:
                n = int.from_bytes(read(4), 'little')
                stack.append(read(n).decode('utf-8'))
            elif key == SHORT_BINUNICODE:
                n = read(1)[0]
                stack.append(read(n).decode('utf-8'))
            elif key == BINUNICODE8:
                n = int.from_bytes(read(8), 'little')
                stack.append(read(n).decode('utf-8'))
            elif key == BINBYTES:
                n = int.from_bytes(read(4), 'little')
                stack.append(read(n))
            elif key == SHORT_BINBYTES:
                n = read(1)[0]
                stack.append(read(n))
            elif key == BINBYTES8:
                n = int.from_bytes(read(8), 'little')
                stack.append(read(n))
            elif key == BYTEARRAY8:
                n = int.from_bytes(read(8), 'little')
                stack.append(bytearray(read(n)))
            elif key == NEXT_BUFFER or key == READONLY_BUFFER:
                raise UnpicklingError("pickle out-of-band buffers are not supported in Kiln")
            elif key == EMPTY_TUPLE:
                stack.append(())
            elif key == TUPLE:
                items = pop_mark()
                stack.append(tuple(items))
            elif key == TUPLE1:
                stack[-1] = (stack[-1],)
            elif key == TUPLE2:
                b = stack.pop()
                a = stack.pop()
                stack.append((a, b))
            elif key == TUPLE3:
                c = stack.pop()
                b = stack.pop()
                a = stack.pop()
                stack.append((a, b, c))
            elif key == EMPTY_LIST:
                stack.append([])
            elif key == LIST:
                items = pop_mark()
                stack.append(list(items))
            elif key == EMPTY_DICT:
                stack.append({})
            elif key == DICT:
                items = pop_mark()
                d = {}
                for i in range(0, len(items), 2):
                    d[items[i]] = items[i + 1]
                stack.append(d)
            elif key == EMPTY_SET:
                stack.append(set())
            elif key == FROZENSET:
                items = pop_mark()
                stack.append(frozenset(items))
            elif key == ADDITEMS:
                items = pop_mark()
                s = stack[-1]
                if isinstance(s, set):
                    s.update(items)
                else:
                    for x in items:
                        s.add(x)
            elif key == APPEND:
                v = stack.pop()
                lst = stack[-1]
                if isinstance(lst, list) and type(lst) is list:
                    lst.append(v)
                else:
                    lst.append(v)
            elif key == APPENDS:
                items = pop_mark()
                lst = stack[-1]
                if type(lst) is list:
                    lst.extend(items)
                elif hasattr(lst, 'extend'):
                    lst.extend(items)
                else:
                    for x in items:
                        lst.append(x)
            elif key == SETITEM:
                v = stack.pop()
                k = stack.pop()
                stack[-1][k] = v
            elif key == SETITEMS:
                items = pop_mark()
                d = stack[-1]
                for i in range(0, len(items), 2):
                    d[items[i]] = items[i + 1]
            elif key == GET:
                idx = int(r.readline().decode('ascii'))
                stack.append(self._memo_get(idx))
            elif key == BINGET:
                stack.append(self._memo_get(read(1)[0]))
            elif key == LONG_BINGET:
                stack.append(self._memo_get(int.from_bytes(read(4), 'little')))
            elif key == PUT:
                idx = int(r.readline().decode('ascii'))
                memo[idx] = stack[-1]
            elif key == BINPUT:
                memo[read(1)[0]] = stack[-1]
            elif key == LONG_BINPUT:
                memo[int.from_bytes(read(4), 'little')] = stack[-1]
            elif key == MEMOIZE:
                memo[len(memo)] = stack[-1]
            elif key == GLOBAL:
                module = r.readline()[:-1].decode('utf-8')
                name = r.readline()[:-1].decode('utf-8')
                stack.append(self.find_class(module, name))
            elif key == STACK_GLOBAL:
                name = stack.pop()
                module = stack.pop()
                if type(name) is not str or type(module) is not str:
                    raise UnpicklingError("STACK_GLOBAL requires str")
                stack.append(self.find_class(module, name))
            elif key == REDUCE:
                args = stack.pop()
                func = stack[-1]
                stack[-1] = func(*args)
            elif key == NEWOBJ:
                args = stack.pop()
                cls = stack.pop()
                stack.append(cls.__new__(cls, *args))
            elif key == NEWOBJ_EX:
                kwargs = stack.pop()
                args = stack.pop()
                cls = stack.pop()
                stack.append(cls.__new__(cls, *args, **kwargs))
            elif key == BUILD:
                state = stack.pop()
                inst = stack[-1]
                setstate = getattr(inst, '__setstate__', None)
                if setstate is not None and _user_setstate(inst):
                    setstate(state)
                else:
                    slotstate = None
                    if isinstance(state, tuple) and len(state) == 2:
                        state, slotstate = state
                    if state:
                        d = inst.__dict__
                        for k, v in state.items():
                            d[k] = v
                    if slotstate:
                        for k, v in slotstate.items():
                            setattr(inst, k, v)
            elif key == INST:
                module = r.readline()[:-1].decode('ascii')
                name = r.readline()[:-1].decode('ascii')
                klass = self.find_class(module, name)
                items = pop_mark()
                stack.append(self._instantiate(klass, items))
            elif key == OBJ:
                args = pop_mark()
                cls = args.pop(0)
                stack.append(self._instantiate(cls, args))
            elif key == PERSID or key == BINPERSID:
                if key == PERSID:
                    pid = r.readline()[:-1].decode('ascii')
                else:
                    pid = stack.pop()
                stack.append(self.persistent_load(pid))
            elif key in (EXT1, EXT2, EXT4):
                raise UnpicklingError("pickle extension codes are not supported in Kiln")
            else:
                raise UnpicklingError("invalid load key, %r." % (chr(op),))

    def _memo_get(self, idx):
        if idx not in self.memo:
            raise UnpicklingError("Memo value not found at index %d" % idx)
        return self.memo[idx]

    def _decode_string(self, value):
        if self.encoding == "bytes":
            return value
        return value.decode(self.encoding, self.errors)

    def _instantiate(self, klass, args):
        if args or not isinstance(klass, type) or hasattr(klass, "__getinitargs__"):
            return klass(*args)
        return klass.__new__(klass)


def _slots_only(cls):
    # every class but object declares __slots__ without '__dict__': instances have no __dict__
    for klass in cls.__mro__:
        if klass is object:
            continue
        sl = klass.__dict__.get('__slots__')
        if sl is None:
            return False
        if isinstance(sl, str):
            sl = (sl,)
        if '__dict__' in sl:
            return False
    return True


def _memo_key(obj):
    # CPython interns identifier-like strings (names, attribute keys), so equal ones are one object
    # and pickle as a memo reference; Kiln makes fresh str objects for attribute keys, so those are
    # keyed by value here.
    if type(obj) is str and obj.isidentifier() and obj.isascii():
        return ('str', obj)
    return id(obj)


def _user_setstate(inst):
    for klass in type(inst).__mro__:
        if klass is object:
            return False
        if '__setstate__' in klass.__dict__:
            return True
    return False


def _unescape(s):
    # the body of a protocol-0 STRING: Python-escaped bytes
    out = bytearray()
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if c != 0x5c or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        e = s[i + 1]
        i += 2
        if e == 0x6e:
            out.append(10)
        elif e == 0x74:
            out.append(9)
        elif e == 0x72:
            out.append(13)
        elif e == 0x78:
            out.append(int(s[i:i + 2].decode('ascii'), 16))
            i += 2
        elif 0x30 <= e <= 0x37:
            j = i - 1
            k = j
            while k < n and k < j + 3 and 0x30 <= s[k] <= 0x37:
                k += 1
            out.append(int(s[j:k].decode('ascii'), 8) & 0xff)
            i = k
        else:
            out.append(e)
    return bytes(out)


def _raw_unicode_escape(b):
    # protocol-0 UNICODE: raw-unicode-escape (\uXXXX and \UXXXXXXXX, other bytes latin-1)
    s = b.decode('latin-1')
    out = []
    i = 0
    n = len(s)
    while i < n:
        if s[i] == '\\' and i + 1 < n and s[i + 1] in 'uU':
            w = 4 if s[i + 1] == 'u' else 8
            out.append(chr(int(s[i + 2:i + 2 + w], 16)))
            i += 2 + w
        else:
            out.append(s[i])
            i += 1
    return ''.join(out)


def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    Pickler(file, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    f = _io.BytesIO()
    Pickler(f, protocol, fix_imports=fix_imports, buffer_callback=buffer_callback).dump(obj)
    return f.getvalue()


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    return Unpickler(file, fix_imports=fix_imports, encoding=encoding, errors=errors).load()


def loads(data, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    if isinstance(data, str):
        raise TypeError("Can't load pickle from unicode string")
    u = Unpickler(_io.BytesIO(data), fix_imports=fix_imports, encoding=encoding, errors=errors)
    r = _Reader(bytes(data))
    return u._run(r)[0]
