# Generator functions: yield, next(), for loops, return values, independent generators.
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
    return "counted " + str(n)


g = count_up(3)
print(type(g).__name__, g.__name__, g.__qualname__)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("StopIteration", repr(e.value), e.args)
try:
    next(g)
except StopIteration as e:
    print("again", repr(e.value), e.args)

for v in count_up(4):
    print("for", v)
print(list(count_up(5)))

a = count_up(2)
b = count_up(2)
print(next(a), next(a), next(b))
print(iter(a) is a, a.__iter__() is a)


def fib():
    x, y = 0, 1
    while True:
        yield x
        x, y = y, x + y


out = []
for n in fib():
    if n > 100:
        break
    out.append(n)
print(out)


def nothing():
    return
    yield


print(list(nothing()))


def make_counter(step):
    def gen(n):
        for k in range(n):
            yield k * step
    return gen


print(list(make_counter(3)(4)))


class Tree:
    def __init__(self, value, children=()):
        self.value = value
        self.children = list(children)

    def walk(self):
        yield self.value
        for c in self.children:
            for v in c.walk():
                yield v


t = Tree(1, [Tree(2, [Tree(4)]), Tree(3)])
print(list(t.walk()))


def early(flag):
    yield "first"
    if flag:
        return "stopped early"
    yield "second"


for flag in (True, False):
    gen = early(flag)
    got = []
    while True:
        try:
            got.append(next(gen))
        except StopIteration as e:
            got.append(e.value)
            break
    print(flag, got)

lam = lambda: (yield 7)
print(list(lam()))


def locals_kept():
    total = 0
    for k in range(1, 4):
        total += k
        yield total


print([v for v in locals_kept()])
print(next(count_up(10)), next(iter(count_up(10))))
