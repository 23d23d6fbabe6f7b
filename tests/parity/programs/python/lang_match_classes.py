# Class patterns of the match statement: isinstance checks, keyword sub-patterns (attributes,
# properties, AttributeError meaning "no match"), positional sub-patterns through __match_args__
# (hand-written, dataclasses', namedtuples'), the built-in types that match themselves (int(x),
# str(s), ...), subclasses, ABCs and nesting.
import collections
import dataclasses
import typing


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


def where(p):
    match p:
        case Point(0, 0):
            return "origin"
        case Point3(x, y, z=0):
            return f"3d on the plane {x},{y}"
        case Point(x=0, y=y):
            return f"on the y axis at {y}"
        case Point(x, 0):
            return f"on the x axis at {x}"
        case Point(x, y) if x == y:
            return f"diagonal {x}"
        case Point():
            return "somewhere"
        case _:
            return "not a point"


for p in [Point(0, 0), Point(0, 5), Point(3, 0), Point(2, 2), Point(1, 2), Point3(1, 2, 0), Point3(0, 0, 1), "p"]:
    print(where(p))


@dataclasses.dataclass
class Linear:
    in_features: int
    out_features: int
    bias: bool = True


@dataclasses.dataclass
class Conv:
    channels: int
    kernel: int = 3
    _: dataclasses.KW_ONLY
    stride: int = 1


@dataclasses.dataclass(match_args=False)
class NoArgs:
    value: int


print(Linear.__match_args__, Conv.__match_args__, hasattr(NoArgs, "__match_args__"))


def describe(layer):
    match layer:
        case Linear(i, o, bias=False):
            return f"Linear {i}->{o} without bias"
        case Linear(i, o):
            return f"Linear {i}->{o}"
        case Conv(c, 1):
            return f"pointwise conv {c}"
        case Conv(c, k, stride=2):
            return f"strided conv {c} k{k}"
        case Conv(channels=c):
            return f"conv {c}"
        case NoArgs(value=v):
            return f"no args {v}"
    return "unknown"


for layer in [Linear(3, 4), Linear(3, 4, False), Conv(8, 1), Conv(8, 5, stride=2), Conv(16), NoArgs(7)]:
    print(describe(layer))

Pair = collections.namedtuple("Pair", "left right")


class Span(typing.NamedTuple):
    start: int
    end: int


print(Pair.__match_args__, Span.__match_args__)
match Pair(1, 2):
    case Pair(a, right=b):
        print("namedtuple", a, b)
match Span(3, 9):
    case Span(s, e):
        print("typing.NamedTuple", s, e)
match Span(3, 9):
    case (s, e):
        print("and as a sequence", s, e)


def builtin(x):
    match x:
        case bool(b):
            return f"bool {b}"
        case int(i):
            return f"int {i}"
        case float(f):
            return f"float {f}"
        case str() as s if not s:
            return "empty str"
        case str(s):
            return f"str {s}"
        case bytes(b) | bytearray(b):
            return f"bytes-like {b!r}"
        case list([first, *_]):
            return f"list starting with {first}"
        case tuple(t):
            return f"tuple of {len(t)}"
        case dict(d):
            return f"dict {sorted(d)}"
        case set(s) | frozenset(s):
            return f"set of {len(s)}"
        case _:
            return "something else"


for x in [True, 3, 2.5, "", "txt", b"b", bytearray(b"ba"), [9, 8], [], (1, 2), {"k": 1}, {1}, frozenset({1, 2}),
          None]:
    print(repr(x), "->", builtin(x))


class MyList(list):
    pass


match MyList([5]):
    case list(v):
        print("list subclass matches itself", v, type(v).__name__)
match True:
    case int(v):
        print("bool matches int(v) with itself", v)


class WithProperty:
    @property
    def area(self):
        return 12

    @property
    def broken(self):
        raise AttributeError("not here")


match WithProperty():
    case WithProperty(broken=b):
        print("broken matched?", b)
    case WithProperty(area=a, missing=m):
        print("missing attribute matched?", m)
    case WithProperty(area=a):
        print("property", a)


# an ABC in a class pattern uses its __instancecheck__
import collections.abc

for v in [[1], {"a": 1}, 3]:
    match v:
        case collections.abc.Sequence():
            print(repr(v), "is a Sequence")
        case collections.abc.Mapping(keys=k):
            print(repr(v), "is a Mapping with keys()", list(k()))
        case _:
            print(repr(v), "is neither")

# nested class patterns and capture of the whole
@dataclasses.dataclass
class Node:
    left: object
    right: object


def total(tree):
    match tree:
        case Node(Node() as l, r):
            return total(l) + total(r)
        case Node(int(a), Node() as r):
            return a + total(r)
        case Node(int(a), int(b)):
            return a + b
    return 0


print(total(Node(Node(1, 2), Node(3, Node(4, 5)))))

# a class pattern on exceptions
try:
    {}["k"]
except Exception as exc:
    match exc:
        case KeyError(args=(key,)):
            print("KeyError for", key)
