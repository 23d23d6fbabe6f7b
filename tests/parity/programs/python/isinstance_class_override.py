# isinstance(obj, C) also asks obj.__class__ when the object's class overrides it (a property or a
# class attribute), as CPython's recursive_isinstance: proxies and mocks made with spec= rely on it.
class A:
    pass


class P:
    @property
    def __class__(self): return A
print(isinstance(P(), A), isinstance(P(), P), type(P()).__name__)
class Q:
    __class__ = int
print(isinstance(Q(), int))
import weakref
a = A()
p = weakref.proxy(a)
print(isinstance(p, A), type(p) is weakref.ProxyType, issubclass(type(p), A))
