# Positional-only parameters ('/'), keyword-only parameters ('*'), and the errors for each.


def f(a, b, /, c, *, d=4):
    return (a, b, c, d)


print(f(1, 2, 3), f(1, 2, c=3), f(1, 2, 3, d=5))
for call in [lambda: f(1, b=2, c=3), lambda: f(a=1, b=2, c=3), lambda: f(1), lambda: f(1, 2, 3, 4),
             lambda: f(1, 2, 3, e=1), lambda: f(1, 2, c=3, c2=1)]:
    try:
        print(call())
    except TypeError as e:
        print("TypeError:", e)


def g(a, /, **kw):
    return a, sorted(kw.items())


print(g(1, a=2, b=3))


def h(x, y=10, /, z=20):
    return x + y + z


print(h(1), h(1, 2), h(1, 2, 3), h(1, z=0))
try:
    h(1, y=2)
except TypeError as e:
    print("TypeError:", e)

print(f.__code__.co_posonlyargcount, f.__code__.co_argcount, f.__code__.co_kwonlyargcount)
print(h.__defaults__)


def kwonly(*, a, b=2):
    return a * b


print(kwonly(a=3), kwonly(b=5, a=1))
for call in [lambda: kwonly(1), lambda: kwonly(), lambda: kwonly(b=1)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)


def mixed(p, /, q, *args, r, **kw):
    return p, q, args, r, sorted(kw)


print(mixed(1, 2, 3, 4, r=5, s=6), mixed(1, q=2, r=3, p=9))
lam = lambda a, /, b=2: a * b
print(lam(3), lam(3, b=4))
try:
    lam(a=1)
except TypeError as e:
    print("TypeError:", e)


class Vec:
    def __init__(self, x, y, /):
        self.x, self.y = x, y

    def scale(self, k, /):
        return Vec(self.x * k, self.y * k)


v = Vec(1, 2).scale(3)
print(v.x, v.y)
try:
    Vec(1, 2).scale(k=3)
except TypeError as e:
    print("TypeError:", e)
