# dataclasses: generated __init__/__repr__/__eq__, defaults, field() options, __post_init__,
# asdict/astuple/replace/fields, inheritance and the definition-time errors.
from dataclasses import dataclass, field, asdict, astuple, replace, fields, is_dataclass

@dataclass
class Point:
    x: int
    y: int = 0

p = Point(1, 2)
print(p, Point(5), Point(y=3, x=4), p == Point(1, 2), p == Point(2, 1), p != Point(1, 2))
print(p.x, p.y, Point.y, is_dataclass(p), is_dataclass(Point), is_dataclass(3))
print([f.name for f in fields(Point)], [f.default for f in fields(p)][1:], Point.__match_args__)

@dataclass()
class Inventory:
    name: str
    tags: list = field(default_factory=list)
    count: int = field(default=1, repr=False)
    secret: str = field(default='s', compare=False)
    derived: int = field(init=False, default=0)

    def __post_init__(self):
        self.derived = self.count * 10

a = Inventory('bolt')
b = Inventory('bolt', ['x'], 3, secret='other')
a.tags.append('t')
print(a, b, a.derived, b.derived)
print(Inventory('n') == Inventory('n', secret='zzz'), Inventory('n').tags is Inventory('n').tags)
print(asdict(b), astuple(b))
c = replace(b, count=7)
print(c, c.derived, b.count)

@dataclass
class Line:
    start: Point
    end: Point
    label: str = 'L'

ln = Line(Point(0, 0), Point(3, 4))
print(ln, asdict(ln), astuple(ln))

@dataclass
class Point3(Point):
    z: int = 0

print(Point3(1, 2, 3), [f.name for f in fields(Point3)], Point3(1) == Point(1))

@dataclass(eq=False)
class Ident:
    v: int
print(Ident(1) == Ident(1), Ident(1).__repr__())

class Plain:
    pass
for bad in [lambda: Point(), lambda: Point(1, 2, 3), lambda: Line(1, 2, 3, 4), lambda: Point(1, z=2), lambda: Point(1, x=2),
            lambda: replace(a, derived=1), lambda: asdict(Plain()), lambda: fields(3)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    @dataclass
    class Bad:
        items: list = []
except ValueError as e:
    print('ValueError', e)
try:
    @dataclass
    class Bad2:
        a: int = 1
        b: int
except TypeError as e:
    print('TypeError', e)
try:
    field(default=1, default_factory=list)
except ValueError as e:
    print('ValueError', e)
