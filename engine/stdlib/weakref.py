# weakref, as far as Kiln's memory model allows. Kiln has no weak references in its object
# header: a "weak" reference here is a strong one. So ref(obj)() always returns the object (it is
# never dead), callbacks never run, WeakValueDictionary / WeakKeyDictionary / WeakSet keep their
# entries until removed (they behave as dict / dict / set), proxy(obj) is the object itself, and
# finalize(obj, func, ...) runs func only when the finalizer is called (never when obj would have
# been freed, nor at exit). Programs that use weak references as
# caches or back-pointers run the same; programs that wait for an object to die do not (its
# memory is kept until the reference is dropped). The references themselves are counted: a ref
# registers with its referent when made and unregisters when it is freed (its __del__: Kiln frees
# by reference count, as CPython does), so getweakrefcount(obj) is the number of live ref objects
# to obj and getweakrefs(obj) has that many refs to it (new ref objects: CPython returns the same
# ones, and reuses one callback-less ref for repeated ref(obj) calls where Kiln makes another).
# torch.utils.swap_tensors reads them to refuse swapping a tensor something holds a weakref to.

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary", "ReferenceType",
           "ProxyType", "CallableProxyType", "ProxyTypes", "WeakValueDictionary", "WeakSet",
           "WeakMethod", "finalize"]


_live = {}  # id(referent) -> how many ref objects to it are alive (a ref keeps its referent, so the id is stable)

# CPython gives a weak-reference slot (tp_weaklistoffset) to classes, functions, sets, modules,
# generators and the like, not to these built-ins; nor can a subclass of a variable-size built-in
# (int, str, bytes, tuple: a namedtuple too) add one. Kiln's references are strong, yet a program
# must be refused where CPython refuses it.
_NO_WEAKREF = (int, float, complex, str, bytes, bytearray, tuple, list, dict, bool, type(None), slice, range,
               object, type(NotImplemented), type(Ellipsis))


def _check_referent(obj):
    if type(obj) in _NO_WEAKREF or isinstance(obj, (int, str, bytes, tuple)):
        raise TypeError("cannot create weak reference to '%s' object" % type(obj).__name__)


class ref:
    __slots__ = ('_obj', '__callback__', '_key')

    def __init__(self, obj, callback=None):
        _check_referent(obj)
        self._obj = obj
        self.__callback__ = callback
        if getattr(self, '_key', None) is None:  # a subclass may run __init__ again
            self._key = id(obj)
            _live[self._key] = _live.get(self._key, 0) + 1

    def __del__(self, _live=_live):  # the table bound here: module globals may be gone at exit
        key = getattr(self, '_key', None)
        if key is not None:
            n = _live.get(key, 0) - 1
            if n > 0:
                _live[key] = n
            else:
                _live.pop(key, None)

    def __call__(self):
        return self._obj

    def __eq__(self, other):
        if isinstance(other, ref):
            return self._obj == other._obj
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, ref):
            return self._obj != other._obj
        return NotImplemented

    def __hash__(self):
        return hash(self._obj)

    def __repr__(self):
        return "<weakref at %#x; to '%s' at %#x>" % (id(self), type(self._obj).__name__, id(self._obj))


ReferenceType = ref


class WeakMethod(ref):
    __slots__ = ()

    def __init__(self, meth, callback=None):
        if not hasattr(meth, '__self__') or not hasattr(meth, '__func__'):
            raise TypeError("argument should be a bound method, not {}".format(type(meth)))
        ref.__init__(self, meth, callback)


def proxy(obj, callback=None):
    _check_referent(obj)
    return obj


ProxyType = type(None)
CallableProxyType = type(None)
ProxyTypes = (ProxyType, CallableProxyType)


def getweakrefcount(obj):
    return _live.get(id(obj), 0)


def getweakrefs(obj):
    out = []
    for _ in range(_live.get(id(obj), 0)):
        r = ref.__new__(ref)  # not registered: the answer must not count itself
        r._obj = obj
        r.__callback__ = None
        r._key = None
        out.append(r)
    return out


class WeakValueDictionary(dict):
    def itervaluerefs(self):
        return iter([ref(v) for v in self.values()])

    def valuerefs(self):
        return [ref(v) for v in self.values()]

    def __repr__(self):
        return "<%s at %#x>" % (type(self).__name__, id(self))


class WeakKeyDictionary(dict):
    def keyrefs(self):
        return [ref(k) for k in self.keys()]

    def __repr__(self):
        return "<%s at %#x>" % (type(self).__name__, id(self))


class WeakSet:
    def __init__(self, data=None):
        self.data = {}
        if data is not None:
            for x in data:
                self.add(x)

    def add(self, item):
        _check_referent(item)
        self.data[_Key(item)] = item

    def discard(self, item):
        self.data.pop(_Key(item), None)

    def remove(self, item):
        del self.data[_Key(item)]

    def pop(self):
        if not self.data:
            raise KeyError('pop from empty WeakSet')
        k = next(iter(self.data))
        return self.data.pop(k)

    def clear(self):
        self.data.clear()

    def copy(self):
        return WeakSet(self)

    def __iter__(self):
        return iter(list(self.data.values()))

    def __len__(self):
        return len(self.data)

    def __contains__(self, item):
        return _Key(item) in self.data

    def __repr__(self):
        return "<WeakSet at %#x>" % id(self)


class _Key:
    # Hashes and compares as the object does, as CPython's WeakSet keys (refs) do.
    __slots__ = ('obj',)

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self):
        return hash(self.obj)

    def __eq__(self, other):
        return self.obj is other.obj or self.obj == other.obj


class finalize:
    def __init__(self, obj, func, *args, **kwargs):
        self._obj = obj
        self._func = func
        self._args = args
        self._kwargs = kwargs
        self.atexit = True

    def __call__(self, _=None):
        if self._func is None:
            return None
        f, a, k = self._func, self._args, self._kwargs
        self._func = None
        return f(*a, **k)

    def detach(self):
        if self._func is None:
            return None
        r = (self._obj, self._func, self._args, self._kwargs)
        self._func = None
        return r

    def peek(self):
        if self._func is None:
            return None
        return (self._obj, self._func, self._args, self._kwargs)

    @property
    def alive(self):
        return self._func is not None
