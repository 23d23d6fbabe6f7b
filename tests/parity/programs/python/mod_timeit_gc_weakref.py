# timeit with callables and strings, gc's interface, weakref's deterministic surface, math extras
import timeit, gc, weakref, math, platform, types
calls = []
def work():
    calls.append(1)
t = timeit.Timer(work)
print(t.timeit(number=7) >= 0, len(calls))
print(len(timeit.repeat(work, repeat=3, number=2)), len(calls))
print(timeit.timeit("x = 2 * 3", number=10) >= 0, timeit.timeit("y = k + 1", setup="k = 5", number=3) >= 0)
g = {'lst': []}
timeit.timeit("lst.append(1)", number=4, globals=g)
print(g['lst'])
print(callable(timeit.default_timer), timeit.default_timer() > 0)
print(gc.isenabled()); gc.disable(); print(gc.isenabled()); gc.enable(); print(gc.isenabled())
print(isinstance(gc.collect(), int), gc.get_threshold()[0] > 0)
class Node:
    pass
a = Node()
r = weakref.ref(a)
print(r() is a, isinstance(r, weakref.ref))
cache = weakref.WeakValueDictionary()
cache['x'] = a
print(len(cache), cache['x'] is a, 'x' in cache)
ws = weakref.WeakSet([a])
print(len(ws), a in ws)
print(math.isqrt(10**20 + 5), math.isqrt(99), math.perm(5, 2), math.perm(4), math.frexp(3.0), math.ldexp(0.75, 2))
print((0.1).as_integer_ratio(), (2.0).as_integer_ratio(), (-0.75).as_integer_ratio(), math.cbrt(27.0), math.exp2(10))
print(math.gcd(2**70, 6**30), math.dist((0, 0), (3, 4)), math.remainder(10, 3), math.nextafter(1.0, 2.0), math.ulp(1.0))
print(math.asinh(1.0), math.acosh(2.0), math.atanh(0.5))
print(2**60 / 3, (2**60 + 1) / (2**55 + 7), 12009599006321323 / 5)
print(platform.system() in ('Linux', 'Darwin', 'Windows'), platform.python_version().startswith('3.'), len(platform.python_version_tuple()))
print(types.SimpleNamespace(), repr(types.SimpleNamespace(x=[1, 2])))
