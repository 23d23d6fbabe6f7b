# Keyword-only parameters after * and after *args.
def f(a, *, b, c=3):
    return (a, b, c)
print(f(1, b=2))
print(f(1, c=30, b=20))
print(f(a=5, b=6))
def g(a, *args, key="k", flag=False):
    return (a, args, key, flag)
print(g(1))
print(g(1, 2, 3))
print(g(1, 2, key="z"))
print(g(1, flag=True, key="q"))
def h(*, x, y):
    return x - y
print(h(y=1, x=10))
def k(a, b=2, *rest, c, d=4, **extra):
    return [a, b, rest, c, d, sorted(extra.items())]
print(k(1, c=3))
print(k(1, 2, 3, 4, c=5, e=6, d=7, aa=8))
try:
    f(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    f(1)
except TypeError as e:
    print("TypeError:", e)
try:
    h(x=1)
except TypeError as e:
    print("TypeError:", e)
