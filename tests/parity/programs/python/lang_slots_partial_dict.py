# Partly slotted classes: a class with __slots__ whose base lacks them (or which lists '__dict__')
# has an instance __dict__ holding only the names outside the slots; vars(), __dict__, dir(),
# copy/deepcopy and the AttributeErrors are CPython's.
import copy


class A:
    pass


class B(A):
    __slots__ = ('x', 'y')


b = B()
b.x = 1
b.z = 2
print(b.__dict__, vars(b), b.x)
b.__dict__ = {'p': 1}
print(b.x, b.__dict__, vars(b))
b.__dict__.clear()
print(b.x, vars(b))
b.q = 4
del b.q
print(vars(b))
del b.x
try:
    b.x
except AttributeError as e:
    print(e)
try:
    del b.y
except AttributeError as e:
    print(e)
print(sorted(k for k in dir(b) if not k.startswith('__')))


class C:
    __slots__ = ('x', '__dict__')


c = C()
c.x = 1
c.w = 3
print(c.__dict__, vars(c))


class D:
    __slots__ = ('x',)


d = D()
try:
    d.y = 1
except AttributeError as e:
    print(e)
try:
    d.__dict__
except AttributeError as e:
    print(e)
try:
    vars(d)
except TypeError as e:
    print(e)
try:
    print(d.x)
except AttributeError as e:
    print(e)
try:
    del d.x
except AttributeError as e:
    print(e)


class E(D):
    pass


ei = E()
ei.x = 0
ei.q = 5
print(ei.__dict__)


class F(D):
    __slots__ = ('y',)


try:
    F().z = 1
except AttributeError as e:
    print(e)
print(hasattr(b, '__dict__'), hasattr(d, '__dict__'), hasattr(ei, "__dict__"))


class G:
    __slots__ = ('__weakref__',)


print(hasattr(G(), '__dict__'))


class H:
    __slots__ = 'abc'


h = H()
h.abc = 3
print(h.abc, H.__slots__)
try:
    class I:
        __slots__ = ('x',)
        x = 1
except ValueError as e:
    print(e)

b2 = B()
b2.x = 5
b2.z = 6
b3 = copy.copy(b2)
print(b3.x, vars(b3), getattr(b3, 'y', 'unset'))
b4 = copy.deepcopy(b2)
print(b4.x, vars(b4))


class P:
    pass


class Q(P):
    __slots__ = ('a',)


print([n for n in dir(Q()) if n in ('a', '__dict__', '__weakref__')])
print([n for n in dir(P) if n in ('__dict__', '__weakref__')])
print([n for n in dir(D()) if n in ('x', '__dict__', '__weakref__')])
print([n for n in dir(C()) if n in ('x', '__dict__', '__weakref__')])
