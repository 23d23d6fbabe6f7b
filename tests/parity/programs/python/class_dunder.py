# Special methods: __repr__ __str__ __len__ __getitem__ __call__ __eq__ __add__ etc.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __repr__(self):
        return "Vec(" + ", ".join([repr(x) for x in self.xs]) + ")"
    def __str__(self):
        return "<" + " ".join([str(x) for x in self.xs]) + ">"
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __iter__(self):
        return iter(self.xs)
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __eq__(self, other):
        return isinstance(other, Vec) and self.xs == other.xs
    def __add__(self, other):
        return Vec(*[a + b for a, b in zip(self.xs, other.xs)])
    def __sub__(self, other):
        return Vec(*[a - b for a, b in zip(self.xs, other.xs)])
    def __mul__(self, k):
        return Vec(*[a * k for a in self.xs])
    def __neg__(self):
        return Vec(*[-a for a in self.xs])
    def __lt__(self, other):
        return sum(self.xs) < sum(other.xs)
    def __contains__(self, v):
        return v in self.xs
    def __bool__(self):
        return any(self.xs)
    def __call__(self, scale, offset=0):
        return [x * scale + offset for x in self.xs]
v = Vec(1, 2, 3)
w = Vec(0.5, -1, 2)
print(v, repr(v), str(w))
print([v, w])
print(len(v), v[0], v[-1], v[1:])
print(v + w, v - w, v * 2, -v)
print(v == Vec(1, 2, 3), v == w, v != w, v == 5)
print(v < w, w < v, sorted([v, w, Vec(0)]))
print(2 in v, 7 in v, bool(Vec(0, 0)), bool(v))
print(v(10), v(2, offset=1))
v[1] = 20
print(v, f"{v}", f"{v!r}", "%s %r" % (v, v))
total = Vec(0, 0, 0)
for item in [Vec(1, 1, 1), Vec(2, 2, 2)]:
    total = total + item
print(total)
for x in v:
    print("item", x)
print(str(v) + "!", len(Vec()))
