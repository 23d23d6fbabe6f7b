# functools: partial, reduce, wraps, lru_cache/cache statistics and eviction, total_ordering, cmp_to_key.
import functools
from functools import partial, reduce, wraps, lru_cache

def power(base, exp, mod=None):
    r = base ** exp
    return r if mod is None else r % mod

square = partial(power, exp=2)
cube_mod = partial(power, exp=3, mod=10)
print(square(7), cube_mod(7), square(3, mod=5))
p2 = partial(partial(power, 2), 10)
print(p2(), p2.args, p2.keywords, p2.func is power)
print(repr(partial(max, 1, key=abs)))
print(partial(int, base=2)('1011'))

print(reduce(lambda a, b: a * b, [1, 2, 3, 4, 5]), reduce(lambda a, b: a + b, [], 100), reduce(max, [3, 9, 2]))
print(reduce(lambda acc, s: acc + s.upper(), ['a', 'b', 'c'], '>'))

def logged(fn):
    @wraps(fn)
    def inner(*args, **kw):
        print('calling', fn.__name__, args)
        return fn(*args, **kw)
    return inner

@logged
def add(a, b):
    return a + b

print(add(2, 3), add.__name__, add.__qualname__, add.__wrapped__(1, 1))

calls = []

@lru_cache(maxsize=2)
def slow_sq(n):
    calls.append(n)
    return n * n

for n in [1, 2, 1, 3, 2, 1, 1]:
    print(n, slow_sq(n), slow_sq.cache_info())
print(calls, slow_sq.cache_parameters())
slow_sq.cache_clear()
print(slow_sq.cache_info())
info = slow_sq.cache_info()
print(info.hits, info.misses, info.maxsize, info.currsize)

@lru_cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info())

@functools.cache
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(20), fact.cache_info(), fact.__name__)

@lru_cache(maxsize=None, typed=True)
def ident(x):
    return x
print(ident(1), ident(1.0), ident(1), ident.cache_info())

@functools.total_ordering
class Version:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor
    def __eq__(self, other):
        return (self.major, self.minor) == (other.major, other.minor)
    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)
    def __repr__(self):
        return f'V{self.major}.{self.minor}'

a, b = Version(1, 2), Version(1, 10)
print(a < b, a > b, a <= b, a >= b, a <= Version(1, 2), b >= a)
print(sorted([Version(2, 0), a, b]), max(a, b))

def compare_len(x, y):
    return len(x) - len(y)
print(sorted(['ccc', 'a', 'bb', 'dddd', 'ee'], key=functools.cmp_to_key(compare_len)))
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda x, y: y - x)))

for f in [lambda: reduce(max, []), lambda: partial(5), lambda: lru_cache('x')]:
    try:
        f()
    except TypeError as e:
        print('TypeError', e)
