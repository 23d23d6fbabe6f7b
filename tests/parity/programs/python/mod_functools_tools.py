# functools: cached_property (and its deletion), singledispatch (annotations, stacked register,
# dispatch/registry), total_ordering, partialmethod, reduce (initial, empty error), wraps
# (__wrapped__, WRAPPER_ASSIGNMENTS), lru_cache/cache statistics, partial nesting, cmp_to_key,
# singledispatchmethod.
import functools
from functools import cached_property, singledispatch, total_ordering, partialmethod, reduce, wraps, lru_cache, partial, cache, cmp_to_key, singledispatchmethod
class Data:
    def __init__(self, xs):
        self.xs = xs
        self.calls = 0
    @cached_property
    def total(self):
        self.calls += 1
        return sum(self.xs)
d = Data([1, 2, 3])
print(d.total, d.total, d.calls, 'total' in d.__dict__)
del d.total
print(d.total, d.calls, type(Data.total).__name__, Data.total.attrname)
@singledispatch
def show(x):
    return f'obj {x!r}'
@show.register
def _(x: int):
    return f'int {x}'
@show.register(list)
def _(x):
    return f'list of {len(x)}'
@show.register(float)
@show.register(complex)
def _(x):
    return f'num {x}'
print(show(1), show([1, 2]), show('s'), show(2.5), show(True), show.dispatch(int).__name__, sorted(t.__name__ for t in show.registry))
@total_ordering
class V:
    def __init__(self, v):
        self.v = v
    def __eq__(self, o):
        return self.v == o.v
    def __lt__(self, o):
        return self.v < o.v
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(2), sorted([V(3), V(1)], key=lambda x: x.v)[0].v)
class Cell:
    def __init__(self):
        self._alive = False
    def set_state(self, state):
        self._alive = bool(state)
    set_alive = partialmethod(set_state, True)
    set_dead = partialmethod(set_state, False)
c = Cell(); c.set_alive(); print(c._alive); c.set_dead(); print(c._alive)
print(reduce(lambda a, b: a * b, range(1, 6)), reduce(lambda a, b: a + b, [], 10), reduce(max, [3, 9, 2]))
try:
    reduce(lambda a, b: a, [])
except TypeError as e:
    print('TypeError', e)
def deco(f):
    @wraps(f)
    def inner(*a, **k):
        '''inner doc'''
        return f(*a, **k) + 1
    return inner
@deco
def add(a, b):
    '''add two'''
    return a + b
print(add(1, 2), add.__name__, add.__doc__, add.__wrapped__.__name__, add.__qualname__)
@lru_cache(maxsize=2)
def sq(n):
    return n * n
print([sq(i) for i in [1, 2, 1, 3, 1]], sq.cache_info())
sq.cache_clear(); print(sq.cache_info(), sq.cache_parameters())
@cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), fib.cache_info().currsize)
p = partial(int, base=2)
print(p('101'), p.func, p.args, p.keywords, repr(partial(max, 1)) .startswith('functools.partial(<built-in function max>'))
p2 = partial(partial(pow, 2), 5)
print(p2(), p2.args)
print(sorted(['b', 'A', 'c'], key=cmp_to_key(lambda a, b: (a.lower() > b.lower()) - (a.lower() < b.lower()))))
class Fmt:
    @singledispatchmethod
    def f(self, x):
        return 'any'
    @f.register
    def _(self, x: int):
        return 'int'
print(Fmt().f(1), Fmt().f('x'))
print(functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)
@functools.lru_cache
def noarg(x):
    return x
print(noarg(3), noarg.cache_info().misses)
