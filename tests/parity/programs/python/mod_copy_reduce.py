# copy.copy/deepcopy through CPython's reduction fallback: classes defining __reduce__/__reduce_ex__,
# copyreg reducers, __slots__, __getstate__/__setstate__, dict and list subclasses with attributes,
# and collections' defaultdict/OrderedDict/Counter (their own reductions).
import copy, copyreg
from collections import defaultdict, OrderedDict, Counter
class R:
    def __init__(self, a):
        self.a = a
        self.log = []
    def __reduce__(self):
        return (R, (self.a * 10,))
r = R(2)
print(copy.copy(r).a, copy.deepcopy(r).a)
class RX:
    def __init__(self):
        self.v = [1]
    def __reduce_ex__(self, proto):
        return (RX, (), {"v": self.v, "proto": proto})
c = copy.copy(RX()); d = copy.deepcopy(RX())
print(c.proto, d.proto, c.v, d.v)
class S:
    __slots__ = ("x", "y")
    def __init__(self):
        self.x = 1; self.y = [2]
s2 = copy.deepcopy(S())
print(s2.x, s2.y)
class P:
    pass
copyreg.pickle(P, lambda p: (P, (), {"tag": "from copyreg"}))
print(copy.copy(P()).tag)
dd = defaultdict(list, a=[1])
d2 = copy.deepcopy(dd); d2["a"].append(2); d2["z"]
print(dd, d2)
od = OrderedDict(a=[1]); od.extra = {"k": 1}
o2 = copy.deepcopy(od); o2["a"].append(5)
print(od, o2, o2.extra, o2.extra is od.extra)
cn = Counter("aab"); print(copy.deepcopy(cn), copy.copy(cn))
class L(list):
    pass
l = L([1, [2]]); l.name = "n"
l2 = copy.deepcopy(l); print(type(l2).__name__, l2, l2.name, l2[1] is l[1])
class G:
    def __init__(self): self.a = 1; self.b = 2
    def __getstate__(self): return {"a": self.a}
    def __setstate__(self, st): self.__dict__.update(st); self.restored = True
g = copy.copy(G()); print(vars(g))

# copy.copy/deepcopy of enums, dataclasses, namedtuples, Namespace, Fraction, date, range, slice, a list
# subclass, a singleton's __new__, __getnewargs__, and a generator's refusal
import enum, dataclasses, argparse, collections, fractions, datetime
class Color(enum.Enum):
    RED = 1
@dataclasses.dataclass
class D:
    a: list
P = collections.namedtuple("P", "x y")
class Single:
    _inst = None
    def __new__(cls, *a):
        if cls._inst is None:
            cls._inst = super().__new__(cls)
        return cls._inst
    def __init__(self, v=0):
        self.v = v
class WithArgs:
    def __new__(cls, n):
        o = super().__new__(cls)
        o.n = n
        return o
    def __getnewargs__(self):
        return (self.n,)
class SS(list):
    pass
for x in [Color.RED, D([1]), P(1, [2]), argparse.Namespace(a=[1]), fractions.Fraction(1, 3),
          datetime.date(2020, 1, 2), range(3), slice(1, 2), SS([1, 2]), Single(5), WithArgs(4)]:
    c, d = copy.copy(x), copy.deepcopy(x)
    print(type(c).__name__, c == x or type(c) is type(x), type(d).__name__, getattr(d, 'v', None), getattr(d, 'n', None), d is x)

def g():
    yield 1
try:
    copy.copy(g())
except TypeError as e:
    print(e)
try:
    copy.deepcopy(g())
except TypeError as e:
    print(e)
