# Subclasses of dict, list and tuple: inherited behaviour, overridden dunders calling super(),
# __missing__, attributes on instances, a namedtuple-like tuple subclass with __new__.


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name)

    def __setattr__(self, name, value):
        self[name] = value


cfg = AttrDict(lr=0.1, epochs=3)
cfg.batch = 32
print(cfg, cfg.lr, cfg["batch"], len(cfg), sorted(cfg), isinstance(cfg, dict), type(cfg).__name__)
print(cfg == {"lr": 0.1, "epochs": 3, "batch": 32}, cfg.get("none", "dflt"), list(cfg.items())[0])
try:
    cfg.missing
except AttributeError as e:
    print("AttributeError:", e)


class Counter(dict):
    def __missing__(self, key):
        return 0


c = Counter()
for w in "a b a c a b".split():
    c[w] += 1
print(c, c["zzz"], "zzz" in c, len(c))


class LoggingDict(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.log = []

    def __setitem__(self, key, value):
        self.log.append(key)
        super().__setitem__(key, value)

    def __getitem__(self, key):
        return super().__getitem__(key) * 10


d = LoggingDict({"x": 1})
d["y"] = 2
print(d["x"], d["y"], d.log, dict(d), d.keys() == {"x": 1, "y": 2}.keys(), repr(d))


class Stack(list):
    def push(self, x):
        self.append(x)

    def peek(self):
        return self[-1]

    def __repr__(self):
        return "Stack(" + super().__repr__() + ")" if False else "Stack" + str(list(self))


s = Stack([1, 2])
s.push(3)
s.name = "main"
print(s, s.peek(), len(s), s[0], s[1:], s + [9], isinstance(s, list), s.name, 3 in s, list(reversed(s)))
s.extend([4, 5])
s.sort(reverse=True)
print(s, sum(s), sorted(s)[:2], s == [5, 4, 3, 2, 1], s.pop(), s)


class Pair(tuple):
    __slots__ = ()

    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    @property
    def y(self):
        return self[1]

    def __repr__(self):
        return f"Pair(x={self.x!r}, y={self.y!r})"


p = Pair(1, 2)
a, b = p
print(p, p.x, p.y, a, b, len(p), p == (1, 2), isinstance(p, tuple), p + (3,), hash(p) == hash((1, 2)))
print({p: "pt"}[(1, 2)], list(p), tuple(p), sorted([Pair(2, 1), Pair(1, 5)]))
try:
    p.z = 1
except AttributeError as e:
    print("AttributeError:", e)
try:
    class Bad(dict, list):
        pass
except TypeError as e:
    print("TypeError:", e)
