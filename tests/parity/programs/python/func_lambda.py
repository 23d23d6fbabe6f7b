# Lambdas: defaults, as keys, immediately called, map/filter.
square = lambda x: x * x
print(square(7))
add = lambda a, b=10: a + b
print(add(1), add(1, 2), add(b=5, a=1))
print((lambda: "no args")())
print((lambda *a, **k: (a, k))(1, 2, z=3))
pairs = [(1, 'b'), (3, 'a'), (2, 'c')]
print(sorted(pairs, key=lambda p: p[1]))
print(sorted(pairs, key=lambda p: -p[0]))
print(list(map(lambda x: x * 2, [1, 2, 3])))
print(list(filter(lambda x: x % 2, range(10))))
print(list(filter(None, [0, 1, '', 'a', None, [], [0]])))
print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])))
adders = [lambda x, n=n: x + n for n in range(3)]
print([f(10) for f in adders])
late = [lambda x: x + n for n in range(3)]
print([f(10) for f in late])
compose = lambda f, g: lambda x: f(g(x))
inc_then_sq = compose(square, lambda x: x + 1)
print(inc_then_sq(3))
print(callable(square), callable(5), callable(print))
ops = {'+': lambda a, b: a + b, '-': lambda a, b: a - b, '*': lambda a, b: a * b}
for sym in ops:
    print(sym, ops[sym](6, 3))
kw = lambda *, k=1: k * 100
print(kw(), kw(k=2))
print(max(['aa', 'b', 'cccc'], key=lambda s: len(s)))
