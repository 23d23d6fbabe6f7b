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
