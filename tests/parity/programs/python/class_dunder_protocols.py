# Container and object protocols on user classes: __getitem__/__setitem__/__delitem__ with slices,
# __len__, __iter__/__next__, __contains__, __reversed__, __call__, __enter__/__exit__ (several
# items, exceptions suppressed or not), __repr__/__str__/__format__, and __bool__ via __len__.


class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = {}

    def __getitem__(self, key):
        if isinstance(key, slice):
            return ("slice", key.start, key.stop, key.step)
        r, c = key
        if not (0 <= r < self.h and 0 <= c < self.w):
            raise IndexError("cell " + str(key) + " outside the grid")
        return self.cells.get(key, 0)

    def __setitem__(self, key, v):
        self.cells[key] = v

    def __delitem__(self, key):
        del self.cells[key]

    def __len__(self):
        return len(self.cells)

    def __contains__(self, v):
        return v in self.cells.values()

    def __iter__(self):
        return iter(sorted(self.cells.items()))

    def __reversed__(self):
        return iter(sorted(self.cells.items(), reverse=True))

    def __repr__(self):
        return "Grid(%dx%d, %d set)" % (self.w, self.h, len(self))

    def __str__(self):
        return "<grid " + str(self.w) + "x" + str(self.h) + ">"

    def __format__(self, spec):
        if spec == "size":
            return str(self.w * self.h)
        return format(str(self), spec)


g = Grid(3, 2)
g[0, 1] = 5
g[1, 2] = 7
print(g[0, 1], g[1, 1], g[1:5], g[::2], g[:, 1] if False else "-")
print(len(g), 7 in g, 8 in g, list(g), list(reversed(g)), bool(g), bool(Grid(1, 1)))
del g[0, 1]
print(repr(g), str(g), [g], f"{g}", f"{g:size}", f"{g:>14}|", "{0!r}".format(g), "%s %r" % (g, g))
try:
    g[5, 5]
except IndexError as e:
    print("IndexError:", e)
try:
    del g[9, 9]
except KeyError as e:
    print("KeyError:", e)


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


print(list(Countdown(4)), sum(Countdown(5)), [x * 2 for x in Countdown(3)], max(Countdown(6)))
it = Countdown(2)
print(next(it), next(it), next(it, "done"))
a, b, c = Countdown(3)
print(a, b, c)


class Adder:
    def __init__(self, k):
        self.k = k

    def __call__(self, x, *rest, scale=1):
        return (x + self.k + sum(rest)) * scale


add3 = Adder(3)
print(add3(1), add3(1, 2, 3, scale=10), list(map(add3, [1, 2])), callable(add3), callable(Grid))


class Res:
    log = []

    def __init__(self, name, swallow=False):
        self.name, self.swallow = name, swallow

    def __enter__(self):
        Res.log.append("enter " + self.name)
        return self.name.upper()

    def __exit__(self, et, ev, tb):
        Res.log.append("exit " + self.name + " " + (et.__name__ if et else "None") + " " + str(ev))
        return self.swallow


with Res("a") as x, Res("b") as y:
    Res.log.append("body " + x + y)
with Res("outer", swallow=True), Res("inner"):
    raise ValueError("boom")
try:
    with Res("c"), Res("d", swallow=True):
        raise KeyError("k")
    Res.log.append("after d")
    with Res("e"):
        raise RuntimeError("not swallowed")
except RuntimeError as e:
    Res.log.append("caught " + str(e))
for line in Res.log:
    print(line)


class Sized:
    def __len__(self):
        return 0


class Truthy:
    def __bool__(self):
        return "yes"


print(bool(Sized()), "empty" if not Sized() else "full")
try:
    bool(Truthy())
except TypeError as e:
    print("TypeError:", e)
try:
    len(Countdown(1))
except TypeError as e:
    print("TypeError:", e)
try:
    Countdown(1)[0]
except TypeError as e:
    print("TypeError:", e)
try:
    Adder(1)[0] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    iter(Adder(1))
except TypeError as e:
    print("TypeError:", e)
