# enum: auto values, Flag composition/containment/inversion, IntFlag with unknown bits (KEEP), IntEnum
# arithmetic and ordering, StrEnum, @unique, aliases, missing values, tuple-valued members with
# __init__, methods and classmethods, the functional API, _ignore_, match on members.
import enum
from enum import Enum, IntEnum, Flag, IntFlag, auto, unique, StrEnum
class Color(Enum):
    RED = auto()
    GREEN = auto()
    BLUE = auto()
print(Color.RED, repr(Color.GREEN), Color(3), Color['RED'], list(Color), len(Color))
print(Color.RED.name, Color.RED.value, Color.RED in Color, Color.RED is Color.RED)
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
rw = Perm.R | Perm.W
print(rw, repr(rw), Perm.R in rw, Perm.X in rw, rw & Perm.W, ~Perm.R, bool(Perm(0)), list(rw))
print(Perm(7), Perm.R.value, Perm.X.value, rw.name)
class IP(IntFlag):
    A = 1
    B = 2
print(IP.A | IP.B, IP.A | 4, int(IP.B), IP.A + 1)
class Lvl(IntEnum):
    LOW = 1
    HIGH = 2
print(Lvl.LOW < Lvl.HIGH, Lvl.HIGH + 1, sorted([Lvl.HIGH, Lvl.LOW]), Lvl(2), f'{Lvl.LOW}', str(Lvl.LOW))
class S(StrEnum):
    A = auto()
    B = 'bee'
print(S.A, S.B, S.A == 'a', f'{S.B}', S.B.upper())
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print('ValueError', e)
class Alias(Enum):
    A = 1
    B = 1
print(Alias.B, Alias.B is Alias.A, list(Alias), Alias.__members__)
try:
    Color(9)
except ValueError as e:
    print(e)
try:
    Color['PINK']
except KeyError as e:
    print('KeyError', e)
class Planet(Enum):
    MERCURY = (3.3e23, 2.4e6)
    EARTH = (5.9e24, 6.3e6)
    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius
    @property
    def g(self):
        return round(self.mass / self.radius ** 2 / 1e10, 3)
print(Planet.EARTH.mass, Planet.EARTH.g, Planet.MERCURY.value)
class Shape(Enum):
    SQ = 'square'
    @classmethod
    def parse(cls, s):
        return cls(s)
    def describe(self):
        return f'{self.name}={self.value}'
print(Shape.parse('square').describe(), hash(Shape.SQ) == hash(Shape.SQ))
Animal = Enum('Animal', 'CAT DOG')
print(Animal.DOG, Animal.DOG.value, list(Animal))
class Ord(Enum):
    _ignore_ = ['tmp']
    A = 'a'
print(Ord.A, enum.EnumMeta is enum.EnumType)
match Color.GREEN:
    case Color.RED:
        print('red')
    case Color.GREEN:
        print('green')
print({Color.RED: 1}[Color.RED], Color.RED == 1, Lvl.LOW == 1)
