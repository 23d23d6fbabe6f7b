# A class's __dict__ as CPython 3.12 lays it out: a mappingproxy holding '__module__', the body's
# names, member descriptors for __slots__ (sorted), the '__dict__'/'__weakref__' getset descriptors
# where the class adds them, then '__doc__' and '__hash__'; the descriptors used explicitly.
import inspect
import types


class A:
    """doc"""
    x = 1

    def m(self):
        pass


class B(A):
    y = 2


class S:
    __slots__ = ('b', 'a', '__weakref__', '__q')

    def __init__(self):
        self.a = 1


class E:
    def __eq__(self, other):
        return True


class X(Exception):
    pass


class D(dict):
    pass


class L(list):
    pass


class T(tuple):
    pass


class M(type):
    pass


class U(S):
    pass


class V:
    __slots__ = ('__dict__', 'q')


class W(S):
    __slots__ = ()


for cls in (A, B, S, E, X, D, L, T, M, U, V, W):
    print(cls.__name__, list(cls.__dict__))

print(type(A.__dict__).__name__, type(A.__dict__) is types.MappingProxyType)
print(A.__dict__['__module__'], A.__dict__['__doc__'], A.__dict__.get('zz'), 'x' in A.__dict__, len(A.__dict__))
print(A.__dict__ == dict(A.__dict__), sorted(vars(A).keys())[:3], repr(A.__dict__)[:30])
try:
    A.__dict__['x'] = 2
except TypeError as e:
    print('TypeError', e)
try:
    types.MappingProxyType([1])
except TypeError as e:
    print('TypeError', e)
mp = types.MappingProxyType({'k': 1})
print(mp, mp['k'], list(mp), mp | {'j': 2}, mp.copy(), list(mp.items()))
try:
    hash(mp)
except TypeError as e:
    print('TypeError', e)
print(len(mp), mp.get('k'), mp.get('z', 0))
# read-only: |= is refused (it must not fall back to | and rebind mp to a dict); a dict on the
# left of | takes the proxy too
print({'a': 0} | mp, type({'a': 0} | mp).__name__)
try:
    mp |= {'j': 2}
except TypeError as e:
    print('TypeError', e)
print(type(mp).__name__)

getset = A.__dict__['__dict__']
print(type(getset).__name__, getset, A.__dict__['__weakref__'], getset.__name__, getset.__objclass__)
a = A()
a.k = 1
print(getset.__get__(a), A.__dict__['__weakref__'].__get__(a), a.__weakref__)
getset.__set__(a, {'j': 2})
print(a.j, vars(a))
try:
    getset.__get__(3)
except TypeError as e:
    print('TypeError', e)

print(type(S.a).__name__, S.a, S.__dict__['_S__q'], S.a.__name__, S.a.__qualname__, S.a.__objclass__, S.a.__doc__)
s = S()
print(S.a.__get__(s), S.a.__get__(None, S) is S.a, s.__weakref__)
S.b.__set__(s, 5)
print(s.b)
S.b.__delete__(s)
try:
    s.b
except AttributeError as e:
    print('AttributeError', e)
try:
    S.b.__delete__(s)
except AttributeError as e:
    print('AttributeError', e)
try:
    del s.b
except AttributeError as e:
    print('AttributeError', e)
try:
    S.a.__get__(3)
except TypeError as e:
    print('TypeError', e)
try:
    S.a.__set__(3, 3)
except TypeError as e:
    print('TypeError', e)
try:
    s.c = 1
except AttributeError as e:
    print('AttributeError', e)
u = U()
u.z = 3
print(u.__dict__, U.a.__get__(u))
print([n for n, _ in inspect.getmembers(S) if not n.startswith('__')])
print(inspect.isdatadescriptor(S.a), inspect.ismemberdescriptor(S.a), inspect.isgetsetdescriptor(getset))
print(types.MemberDescriptorType is type(S.a), types.GetSetDescriptorType is type(getset))
print(hasattr(A(), '__weakref__'), hasattr(S(), '__dict__'))
# The descriptor protocol called by hand: property, function, staticmethod and classmethod __get__,
# a property's __set__/__delete__, and CPython's errors for what is missing
class P:
    x = property(lambda self: 1)
    y = property(None)
    def m(self):
        return 'm'
    s = staticmethod(len)
    c = classmethod(lambda cls: cls.__name__)
p = P()
pd = P.__dict__
print(pd['x'].__get__(p), pd['x'].__get__(None, P) is pd['x'], pd['m'].__get__(p)(), pd['m'].__get__(None, P) is pd['m'])
print(pd['s'].__get__(p)('ab'), pd['c'].__get__(p)(), pd['c'].__get__(None, P)(), pd['m'].__get__(p).__self__ is p)
for call in (lambda: pd['x'].__set__(p, 5), lambda: pd['x'].__delete__(p), lambda: pd['y'].__get__(p),
             lambda: pd['m'].__get__(None, None), lambda: pd['m'].__get__(None), lambda: property().__set__(p, 1)):
    try:
        call()
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
# A class's structure is not writable through attributes (type's getset descriptors and read-only
# members): assigning or deleting is refused, never stored in the class __dict__
for n in ('__mro__', '__dict__', '__text_signature__', '__base__', '__basicsize__', '__flags__'):
    try:
        setattr(P, n, ())
    except AttributeError as e:
        print(n, e)
    try:
        delattr(P, n)
    except AttributeError as e:
        print('del', n, e)
print(P.__mro__[0].__name__, '__base__' in P.__dict__, '__flags__' in P.__dict__)
