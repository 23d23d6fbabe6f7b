# weakref: weak references with CPython 3.12's semantics, on the native tables of vm/weakrefs.cpp.
# A ref does not keep its referent alive: once the referent is freed (Kiln frees by reference count,
# as CPython does) ref() returns None, the refs' callbacks run (newest first, at the next
# instruction), WeakValueDictionary / WeakKeyDictionary / WeakSet drop the entry, a proxy raises
# ReferenceError and finalize calls its function. Repeated ref(obj) without a callback returns the
# same ref object; getweakrefcount/getweakrefs report the live refs and proxies. What differs from
# CPython: objects kept alive only by a reference cycle are not freed before the program ends (Kiln
# has no cycle collector: gc.collect() frees nothing), so their refs stay alive until then; a ref to a
# tensor holds it (PyTorch keeps a tensor's Python object alive while the tensor is referenced
# anywhere, a view's base or the autograd graph, which Kiln cannot tell), so it does not die; a
# proxy is a Python object forwarding attribute access and the operators, so a few introspection
# details (dir(p) lists the proxy's own names)
# differ. finalize's atexit=True functions run at the program's end, as CPython's do.

import _weakref
from _weakref import getweakrefcount

__all__ = ["ref", "proxy", "getweakrefcount", "getweakrefs", "WeakKeyDictionary", "ReferenceType",
           "ProxyType", "CallableProxyType", "ProxyTypes", "WeakValueDictionary", "WeakSet",
           "WeakMethod", "finalize"]

# CPython gives a weak-reference slot (tp_weaklistoffset) to classes, functions, sets, modules,
# generators and the like, not to these built-ins; nor can a subclass of a variable-size built-in
# (int, str, bytes, tuple: a namedtuple too) add one.
_NO_WEAKREF = (int, float, complex, str, bytes, bytearray, tuple, list, dict, bool, type(None), slice, range,
               object, type(NotImplemented), type(Ellipsis))


def _check_referent(obj):
    if type(obj) in ProxyTypes:
        raise TypeError("cannot create weak reference to 'weakref.%s' object" % type(obj).__name__)
    if type(obj) in _NO_WEAKREF or isinstance(obj, (int, str, bytes, tuple)):
        raise TypeError("cannot create weak reference to '%s' object" % type(obj).__name__)
    slots = getattr(type(obj), '__slots__', None)
    if slots is not None and not hasattr(type(obj), '__weakref__'):
        raise TypeError("cannot create weak reference to '%s' object" % type(obj).__name__)


class ref:
    __slots__ = ('__callback__', '_hash', '_keep', '__weakref__')

    def __new__(cls, ob, callback=None, *args, **kwargs):
        _check_referent(ob)
        if callback is None and cls is ref:
            # CPython shares one callback-less basic ref per object
            for r in _weakref._refs(ob):
                if type(r) is ref and r.__callback__ is None:
                    return r
        self = object.__new__(cls)
        self.__callback__ = callback
        self._hash = None
        # a tensor is held (vm/weakrefs.cpp: PyTorch preserves a tensor's Python object while the
        # tensor lives, which Kiln cannot see), so a ref to it does not die early
        self._keep = ob if _weakref._register(self, ob, callback is not None) else None
        return self

    def __init__(self, ob, callback=None, *args, **kwargs):
        pass

    def __call__(self):
        return _weakref._get(self)

    def __eq__(self, other):
        if not isinstance(other, ref):
            return NotImplemented
        a, b = self(), other()
        if a is None or b is None:
            return self is other
        return a == b

    def __ne__(self, other):
        if not isinstance(other, ref):
            return NotImplemented
        a, b = self(), other()
        if a is None or b is None:
            return self is not other
        return a != b

    def __hash__(self):
        if self._hash is None:
            obj = self()
            if obj is None:
                raise TypeError("weak object has gone away")
            self._hash = hash(obj)
        return self._hash

    def __repr__(self):
        obj = self()
        if obj is None:
            return "<weakref at %#x; dead>" % id(self)
        name = getattr(obj, '__name__', None)
        if isinstance(name, str):
            return "<weakref at %#x; to '%s' at %#x (%s)>" % (id(self), type(obj).__name__, id(obj), name)
        return "<weakref at %#x; to '%s' at %#x>" % (id(self), type(obj).__name__, id(obj))

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)

    def __reduce_ex__(self, protocol):
        name = 'weakref.ReferenceType' if type(self) is ref else type(self).__name__
        raise TypeError("cannot pickle '%s' object" % name)

    def __reduce__(self):
        return self.__reduce_ex__(2)


ReferenceType = ref
ref.__name__ = ref.__qualname__ = 'ReferenceType'  # CPython 3.12's name: <class 'weakref.ReferenceType'>


def getweakrefs(obj):
    return _weakref._refs(obj)


class WeakMethod(ref):
    """A ref to a bound method that stays alive as long as the method's object and function do."""
    __slots__ = ("_func_ref", "_meth_type", "_alive")

    def __new__(cls, meth, callback=None):
        try:
            obj = meth.__self__
            func = meth.__func__
        except AttributeError:
            raise TypeError("argument should be a bound method, not {}".format(type(meth))) from None

        def _cb(arg):
            # the WeakMethod itself through a weak reference: no cycle keeps it alive
            self = self_wr()
            if self is not None and self._alive:
                self._alive = False
                if callback is not None:
                    callback(self)
        self = ref.__new__(cls, obj, _cb)
        self._func_ref = ref(func, _cb)
        self._meth_type = type(meth)
        self._alive = True
        self_wr = ref(self)
        return self

    def __call__(self):
        obj = ref.__call__(self)
        func = self._func_ref()
        if obj is None or func is None:
            return None
        return self._meth_type(func, obj)

    def __eq__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is other
            return ref.__eq__(self, other) and self._func_ref == other._func_ref
        return NotImplemented

    def __ne__(self, other):
        if isinstance(other, WeakMethod):
            if not self._alive or not other._alive:
                return self is not other
            return ref.__ne__(self, other) or self._func_ref != other._func_ref
        return NotImplemented

    __hash__ = ref.__hash__


# ---- proxies -------------------------------------------------------------------------------------

def _target(p):
    obj = object.__getattribute__(p, '_ref')()
    if obj is None:
        raise ReferenceError("weakly-referenced object no longer exists")
    return obj


class ProxyType:
    __slots__ = ('_ref', '__weakref__')

    def __getattribute__(self, name):
        return getattr(_target(self), name)

    def __setattr__(self, name, value):
        setattr(_target(self), name, value)

    def __delattr__(self, name):
        delattr(_target(self), name)

    def __repr__(self):
        r = object.__getattribute__(self, '_ref')
        obj = r()
        if obj is None:
            return "<weakproxy at %#x; dead>" % id(self)
        return "<weakproxy at %#x; to '%s' at %#x>" % (id(self), type(obj).__name__, id(obj))

    def __str__(self): return str(_target(self))
    def __bytes__(self): return bytes(_target(self))
    def __bool__(self): return bool(_target(self))
    def __len__(self): return len(_target(self))
    def __iter__(self): return iter(_target(self))
    def __next__(self): return next(_target(self))
    def __reversed__(self): return reversed(_target(self))
    def __contains__(self, x): return x in _target(self)
    def __getitem__(self, k): return _target(self)[k]
    def __setitem__(self, k, v): _target(self)[k] = v
    def __delitem__(self, k): del _target(self)[k]
    def __index__(self): return _target(self).__index__()
    def __int__(self): return int(_target(self))
    def __float__(self): return float(_target(self))
    def __abs__(self): return abs(_target(self))
    def __neg__(self): return -_target(self)
    def __pos__(self): return +_target(self)
    def __invert__(self): return ~_target(self)
    def __eq__(self, o): return _target(self) == _unproxy(o)
    def __ne__(self, o): return _target(self) != _unproxy(o)
    def __lt__(self, o): return _target(self) < _unproxy(o)
    def __le__(self, o): return _target(self) <= _unproxy(o)
    def __gt__(self, o): return _target(self) > _unproxy(o)
    def __ge__(self, o): return _target(self) >= _unproxy(o)
    def __add__(self, o): return _target(self) + _unproxy(o)
    def __radd__(self, o): return _unproxy(o) + _target(self)
    def __sub__(self, o): return _target(self) - _unproxy(o)
    def __rsub__(self, o): return _unproxy(o) - _target(self)
    def __mul__(self, o): return _target(self) * _unproxy(o)
    def __rmul__(self, o): return _unproxy(o) * _target(self)
    def __matmul__(self, o): return _target(self) @ _unproxy(o)
    def __truediv__(self, o): return _target(self) / _unproxy(o)
    def __rtruediv__(self, o): return _unproxy(o) / _target(self)
    def __floordiv__(self, o): return _target(self) // _unproxy(o)
    def __mod__(self, o): return _target(self) % _unproxy(o)
    def __pow__(self, o): return _target(self) ** _unproxy(o)
    def __and__(self, o): return _target(self) & _unproxy(o)
    def __or__(self, o): return _target(self) | _unproxy(o)
    def __xor__(self, o): return _target(self) ^ _unproxy(o)
    def __lshift__(self, o): return _target(self) << _unproxy(o)
    def __rshift__(self, o): return _target(self) >> _unproxy(o)

    def __iadd__(self, o):
        t = _target(self)
        t += _unproxy(o)
        return self

    def __hash__(self):
        raise TypeError("unhashable type: 'weakref.ProxyType'")


class CallableProxyType(ProxyType):
    __slots__ = ()

    def __call__(self, *args, **kwargs):
        return _target(self)(*args, **kwargs)

    def __repr__(self):
        return ProxyType.__repr__(self)


# CPython 3.12's names (<class 'weakref.ProxyType'>); its reprs still say "weakproxy"
ProxyType.__module__ = CallableProxyType.__module__ = 'weakref'
CallableProxyType.__name__ = CallableProxyType.__qualname__ = 'CallableProxyType'
ProxyTypes = (ProxyType, CallableProxyType)


def _unproxy(o):
    if type(o) in ProxyTypes:
        return _target(o)
    return o


def proxy(obj, callback=None):
    _check_referent(obj)
    cls = CallableProxyType if callable(obj) else ProxyType
    p = object.__new__(cls)
    object.__setattr__(p, '_ref', _ProxyRef(obj, p, callback))
    return p


def _proxy_fire(r):
    p = r._proxy()
    if p is not None:
        r._user_cb(p)


class _ProxySelf(ref):
    # A weak reference to a proxy, for its own callback only (programs cannot make one: CPython
    # refuses weak references to proxies).
    __slots__ = ()

    def __new__(cls, p):
        self = object.__new__(cls)
        self.__callback__ = None
        self._hash = None
        self._keep = None
        _weakref._register(self, p, False)
        return self

    def __init__(self, *args):
        pass


class _ProxyRef(ref):
    # The proxy's own reference: its callback receives the proxy (CPython passes the proxy object),
    # reached through a weak reference so the proxy and this ref form no cycle.
    __slots__ = ('_proxy', '_user_cb')

    def __new__(cls, obj, p, callback):
        self = ref.__new__(cls, obj, _proxy_fire if callback is not None else None)
        self._proxy = _ProxySelf(p) if callback is not None else None
        self._user_cb = callback
        return self

    def __init__(self, *args):
        pass


# ---- weak containers -----------------------------------------------------------------------------
# Each keeps its entries in a plain dict (self.data) of refs whose callbacks remove the entry; the
# callback reaches the container through a weak reference, so container and refs form no cycle.
# Iteration walks a snapshot: an entry removed meanwhile (its object freed) is skipped, never an
# error.

class KeyedRef(ref):
    """A ref whose `key` attribute names the entry it holds up (WeakValueDictionary's values)."""
    __slots__ = ("key",)

    def __new__(type, ob, callback, key):
        self = ref.__new__(type, ob, callback)
        self.key = key
        return self

    def __init__(self, ob, callback, key):
        super().__init__(ob, callback)


class WeakValueDictionary:
    def __init__(self, other=(), /, **kw):
        def remove(wr, selfref=ref(self)):
            self = selfref()
            if self is not None:
                cur = self.data.get(wr.key)
                if cur is wr:
                    del self.data[wr.key]
        self._remove = remove
        self.data = {}
        self.update(other, **kw)

    def __getitem__(self, key):
        o = self.data[key]()
        if o is None:
            raise KeyError(key)
        return o

    def __delitem__(self, key):
        del self.data[key]

    def __len__(self):
        return sum(1 for wr in list(self.data.values()) if wr() is not None)

    def __contains__(self, key):
        try:
            o = self.data[key]()
        except KeyError:
            return False
        return o is not None

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def __setitem__(self, key, value):
        self.data[key] = KeyedRef(value, self._remove, key)

    def copy(self):
        new = WeakValueDictionary()
        for key, value in self.items():
            new[key] = value
        return new

    __copy__ = copy

    def __deepcopy__(self, memo):
        from copy import deepcopy
        new = self.__class__()
        for key, value in self.items():
            new[deepcopy(key, memo)] = value
        return new

    def get(self, key, default=None):
        try:
            wr = self.data[key]
        except KeyError:
            return default
        o = wr()
        return default if o is None else o

    def items(self):
        for k, wr in list(self.data.items()):
            v = wr()
            if v is not None:
                yield k, v

    def keys(self):
        for k, wr in list(self.data.items()):
            if wr() is not None:
                yield k

    __iter__ = keys

    def itervaluerefs(self):
        yield from list(self.data.values())

    def values(self):
        for wr in list(self.data.values()):
            obj = wr()
            if obj is not None:
                yield obj

    def popitem(self):
        while True:
            key, wr = self.data.popitem()
            o = wr()
            if o is not None:
                return key, o

    _MISSING = object()

    def pop(self, key, *args):
        try:
            o = self.data.pop(key)()
        except KeyError:
            o = None
        if o is None:
            if args:
                return args[0]
            raise KeyError(key)
        return o

    def setdefault(self, key, default=None):
        try:
            o = self.data[key]()
        except KeyError:
            o = None
        if o is None:
            self.data[key] = KeyedRef(default, self._remove, key)
            return default
        return o

    def update(self, other=None, /, **kwargs):
        d = self.data
        if other is not None:
            if not hasattr(other, "keys"):
                other = dict(other)
            for key, o in other.items():
                d[key] = KeyedRef(o, self._remove, key)
        for key, o in kwargs.items():
            d[key] = KeyedRef(o, self._remove, key)

    def valuerefs(self):
        return list(self.data.values())

    def __ior__(self, other):
        self.update(other)
        return self

    def __or__(self, other):
        if hasattr(other, "keys"):
            c = self.copy()
            c.update(other)
            return c
        return NotImplemented

    def __eq__(self, other):
        if isinstance(other, WeakValueDictionary):
            return dict(self.items()) == dict(other.items())
        if isinstance(other, dict):
            return dict(self.items()) == other
        return NotImplemented


class WeakKeyDictionary:
    def __init__(self, dict=None):
        self.data = {}

        def remove(k, selfref=ref(self)):
            self = selfref()
            if self is not None:
                try:
                    del self.data[k]
                except KeyError:
                    pass
        self._remove = remove
        if dict is not None:
            self.update(dict)

    def __delitem__(self, key):
        del self.data[ref(key)]

    def __getitem__(self, key):
        return self.data[ref(key)]

    def __len__(self):
        return sum(1 for k in list(self.data) if k() is not None)

    def __repr__(self):
        return "<%s at %#x>" % (self.__class__.__name__, id(self))

    def __setitem__(self, key, value):
        self.data[ref(key, self._remove)] = value

    def copy(self):
        new = WeakKeyDictionary()
        for key, value in self.items():
            new[key] = value
        return new

    __copy__ = copy

    def __deepcopy__(self, memo):
        from copy import deepcopy
        new = self.__class__()
        for key, value in self.items():
            new[key] = deepcopy(value, memo)
        return new

    def get(self, key, default=None):
        return self.data.get(ref(key), default)

    def __contains__(self, key):
        try:
            wr = ref(key)
        except TypeError:
            return False
        return wr in self.data

    def items(self):
        for wr, value in list(self.data.items()):
            key = wr()
            if key is not None:
                yield key, value

    def keys(self):
        for wr in list(self.data):
            obj = wr()
            if obj is not None:
                yield obj

    __iter__ = keys

    def values(self):
        for wr, value in list(self.data.items()):
            if wr() is not None:
                yield value

    def keyrefs(self):
        return list(self.data)

    def popitem(self):
        while True:
            key, value = self.data.popitem()
            o = key()
            if o is not None:
                return o, value

    def pop(self, key, *args):
        return self.data.pop(ref(key), *args)

    def setdefault(self, key, default=None):
        return self.data.setdefault(ref(key, self._remove), default)

    def update(self, dict=None, /, **kwargs):
        d = self.data
        if dict is not None:
            if not hasattr(dict, "items"):
                dict = type({})(dict)
            for key, value in dict.items():
                d[ref(key, self._remove)] = value
        if len(kwargs):
            self.update(kwargs)

    def __ior__(self, other):
        self.update(other)
        return self

    def __or__(self, other):
        if hasattr(other, "keys"):
            c = self.copy()
            c.update(other)
            return c
        return NotImplemented


class WeakSet:
    def __init__(self, data=None):
        self.data = set()

        def _remove(item, selfref=ref(self)):
            self = selfref()
            if self is not None:
                self.data.discard(item)
        self._remove = _remove
        if data is not None:
            self.update(data)

    def __iter__(self):
        for itemref in list(self.data):
            item = itemref()
            if item is not None:
                yield item

    def __len__(self):
        return sum(1 for r in list(self.data) if r() is not None)

    def __contains__(self, item):
        try:
            wr = ref(item)
        except TypeError:
            return False
        return wr in self.data

    def __reduce__(self):
        return self.__class__, (list(self),), self.__getstate__()

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k not in ('data', '_remove')} or None

    def add(self, item):
        self.data.add(ref(item, self._remove))

    def clear(self):
        self.data.clear()

    def copy(self):
        return self.__class__(self)

    def pop(self):
        while True:
            try:
                itemref = self.data.pop()
            except KeyError:
                raise KeyError('pop from empty WeakSet') from None
            item = itemref()
            if item is not None:
                return item

    def remove(self, item):
        self.data.remove(ref(item))

    def discard(self, item):
        self.data.discard(ref(item))

    def update(self, other):
        for element in other:
            self.add(element)

    def __ior__(self, other):
        self.update(other)
        return self

    def difference(self, other):
        newset = self.copy()
        newset.difference_update(other)
        return newset

    __sub__ = difference

    def difference_update(self, other):
        self.__isub__(other)

    def __isub__(self, other):
        if self is other:
            self.data.clear()
        else:
            self.data.difference_update(ref(item) for item in other)
        return self

    def intersection(self, other):
        return self.__class__(item for item in other if item in self)

    __and__ = intersection

    def intersection_update(self, other):
        self.__iand__(other)

    def __iand__(self, other):
        self.data.intersection_update(ref(item) for item in other)
        return self

    def issubset(self, other):
        return self.data.issubset(ref(item) for item in other)

    __le__ = issubset

    def __lt__(self, other):
        return self.data < set(map(ref, other))

    def issuperset(self, other):
        return self.data.issuperset(ref(item) for item in other)

    __ge__ = issuperset

    def __gt__(self, other):
        return self.data > set(map(ref, other))

    def __eq__(self, other):
        if not isinstance(other, self.__class__):
            return NotImplemented
        return self.data == set(map(ref, other))

    def symmetric_difference(self, other):
        newset = self.copy()
        newset.symmetric_difference_update(other)
        return newset

    __xor__ = symmetric_difference

    def symmetric_difference_update(self, other):
        self.__ixor__(other)

    def __ixor__(self, other):
        if self is other:
            self.data.clear()
        else:
            self.data.symmetric_difference_update(ref(item, self._remove) for item in other)
        return self

    def union(self, other):
        return self.__class__(e for s in (self, other) for e in s)

    __or__ = union

    def isdisjoint(self, other):
        return len(self.intersection(other)) == 0

    def __repr__(self):
        return repr(self.data)

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


# ---- finalize ------------------------------------------------------------------------------------

class finalize:
    """finalize(obj, func, *args, **kwargs): calls func(*args, **kwargs) once, when obj is freed, when
    the finalizer is called, or at the program's end (atexit, True by default)."""

    __slots__ = ()
    _registry = {}
    _shutdown = False
    _index_iter = None
    _dirty = False
    _registered_with_atexit = False

    class _Info:
        __slots__ = ("weakref", "func", "args", "kwargs", "atexit", "index")

    def __init__(self, obj, func, /, *args, **kwargs):
        if not finalize._registered_with_atexit:
            import atexit
            atexit.register(finalize._exitfunc)
            finalize._registered_with_atexit = True
        info = self._Info()
        info.weakref = ref(obj, self)
        info.func = func
        info.args = args
        info.kwargs = kwargs or None
        info.atexit = True
        finalize._counter = getattr(finalize, '_counter', 0) + 1
        info.index = finalize._counter
        self._registry[self] = info
        finalize._dirty = True

    def __call__(self, _=None):
        info = self._registry.pop(self, None)
        if info and not self._shutdown:
            return info.func(*info.args, **(info.kwargs or {}))

    def detach(self):
        info = self._registry.get(self)
        obj = info and info.weakref()
        if obj is not None and self._registry.pop(self, None):
            return (obj, info.func, info.args, info.kwargs or {})

    def peek(self):
        info = self._registry.get(self)
        obj = info and info.weakref()
        if obj is not None:
            return (obj, info.func, info.args, info.kwargs or {})

    @property
    def alive(self):
        return self in self._registry

    @property
    def atexit(self):
        info = self._registry.get(self)
        return bool(info) and info.atexit

    @atexit.setter
    def atexit(self, value):
        info = self._registry.get(self)
        if info:
            info.atexit = bool(value)

    def __repr__(self):
        info = self._registry.get(self)
        obj = info and info.weakref()
        if obj is None:
            return '<%s object at %#x; dead>' % (type(self).__name__, id(self))
        return '<%s object at %#x; for %r at %#x>' % (type(self).__name__, id(self), type(obj).__name__, id(obj))

    @classmethod
    def _select_for_exit(cls):
        L = [(f, i) for (f, i) in cls._registry.items() if i.atexit]
        L.sort(key=lambda item: item[1].index)
        return [f for (f, i) in L]

    @classmethod
    def _exitfunc(cls):
        try:
            if cls._registry:
                pending = None
                while True:
                    if pending is None or finalize._dirty:
                        pending = cls._select_for_exit()
                        finalize._dirty = False
                    if not pending:
                        break
                    f = pending.pop()
                    try:
                        f()
                    except Exception:
                        import sys, traceback
                        sys.stderr.write("Exception ignored in: %r\n" % f)
                        traceback.print_exc()
        finally:
            finalize._shutdown = True
