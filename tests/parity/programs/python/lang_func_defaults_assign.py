# A function's __defaults__ and __kwdefaults__ are assignable and deletable: later calls use the
# new values (or none), with CPython's TypeErrors for values that are not a tuple / dict.
import functools
import inspect


def f(a, b=2, c=3):
    return (a, b, c)


print(f.__defaults__)
f.__defaults__ = (10, 20)
print(f(1))
f.__defaults__ = (5,)
print(f(1, 2))
f.__defaults__ = None
print(f.__defaults__)
try:
    f(1)
except TypeError as e:
    print(e)
for bad in ([1], 5, {'b': 1}):
    try:
        f.__defaults__ = bad
    except TypeError as e:
        print(e)
f.__defaults__ = (7, 8)
del f.__defaults__
print(f.__defaults__, f(1, 2, 3))


def g(a, *, k=1, j=2):
    return a, k, j


print(g.__kwdefaults__)
g.__kwdefaults__ = {'k': 7, 'j': 8}
print(g(0))
g.__kwdefaults__ = None
try:
    g(0)
except TypeError as e:
    print(e)
try:
    g.__kwdefaults__ = (1,)
except TypeError as e:
    print(e)
g.__kwdefaults__ = {'k': 1}
try:
    g(0)
except TypeError as e:
    print(e)
del g.__kwdefaults__
print(g.__kwdefaults__)

h = lambda x=1: x
h.__defaults__ = (42,)
print(h())


def m(a, b):
    return a + b


m.__defaults__ = (100,)
print(m(1), inspect.signature(m))


def k(a, b=1):
    return a, b


k.__kwdefaults__ = {'zz': 1}
print(k(0), k.__kwdefaults__)


class T:
    def meth(self, x=1):
        return x


T.meth.__defaults__ = (9,)
print(T().meth())


@functools.wraps(k)
def w(*a):
    return k(*a)


print(w.__defaults__, w.__wrapped__ is k)


def gen(a=1):
    yield a


gen.__defaults__ = (3,)
print(list(gen()))


def outer():
    v = 4

    def inner(x=v):
        return x + v
    return inner


i = outer()
i.__defaults__ = (0,)
print(i())
