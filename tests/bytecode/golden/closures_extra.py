def outer(a, *args, k=1, **kw):
    x = a

    def inner(y):
        nonlocal x
        x += y
        return x, args, k

    return inner


class Base:
    scale = 2

    def __init__(self, v):
        self.v = v


class Child(Base):
    def __init__(self, v):
        super().__init__(v)
        self.v *= self.scale
        self.items[0] += 1


for i in range(10):
    try:
        if i == 3:
            break
        continue
    finally:
        print(i)
with open("a") as f, open("b"):
    data = f.read()
name = "w"
msg = f"{name!r:>{10}} and {3.5:.2f} {name}"
first, *middle, last = [1, 2, 3, 4]
print(*middle, sep=", ", **{"end": "\n"})
ok = 1 < first <= last and not middle or None
del ok
import os.path as osp
from math import sqrt as sq, pi
