# enum: members, lookup by value and name, iteration, aliases, auto, reprs and str, methods,
# custom __init__, IntEnum/StrEnum, Flag algebra, unique, the functional API and errors.
from enum import Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique

class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1

    def describe(self):
        return f'{self.name} is {self.value}'

    @classmethod
    def default(cls):
        return cls.GREEN

print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value, Color(2), Color['BLUE'], Color.CRIMSON is Color.RED)
print(list(Color), len(Color), Color.RED in Color, list(Color.__members__))
try:
    3 in Color
except TypeError as e:
    print('TypeError', e)
print(Color.RED.describe(), Color.default(), type(Color.RED).__name__, isinstance(Color.GREEN, Color), repr(Color))
print(f'{Color.BLUE}', '%s' % Color.RED, Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.BLUE)
print({Color.RED: 'r'}[Color.CRIMSON], sorted(Color, key=lambda c: c.value, reverse=True))
for bad in [lambda: Color(7), lambda: Color['PINK'], lambda: Color.RED < Color.BLUE]:
    try:
        bad()
    except (ValueError, KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    Color.RED = 5
except AttributeError as e:
    print('AttributeError', e)

class Planet(Enum):
    MERCURY = (3.303e+23, 2.4397e6)
    EARTH = (5.976e+24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

print(Planet.EARTH.mass, Planet.EARTH.radius, Planet.MERCURY.value, Planet((5.976e+24, 6.37814e6)).name)

class Shape(Enum):
    SQUARE = auto()
    CIRCLE = auto()
    LINE = auto()
print(list(Shape), [s.value for s in Shape])

class Level(IntEnum):
    LOW = 1
    MID = 5
    HIGH = 10
print(Level.MID, repr(Level.MID), f'{Level.HIGH}', Level.LOW == 1, Level.MID + 1, Level.HIGH > Level.MID, Level(5).name)
print(sorted([Level.HIGH, Level.LOW, Level.MID]), [1, 2, 3, 4, 5, 6][Level.LOW], int(Level.HIGH), Level.LOW < 3)

class Mode(StrEnum):
    TRAIN = auto()
    EVAL = 'eval'
print(Mode.TRAIN, repr(Mode.TRAIN), Mode.EVAL == 'eval', Mode('train').name, Mode.TRAIN.upper(), f'[{Mode.EVAL}]')

class Perm(Flag):
    R = 4
    W = 2
    X = 1
rw = Perm.R | Perm.W
print(repr(rw), rw, list(rw), Perm.R in rw, Perm.X in rw, repr(~Perm.R), repr(Perm(0)), Perm(0), bool(Perm(0)))
print(repr(rw & Perm.W), repr(rw ^ Perm.R), list(Perm), Perm(7).name)

class Opt(IntFlag):
    A = auto()
    B = auto()
    C = auto()
print([o.value for o in Opt], Opt.A | Opt.C, repr(Opt.B | Opt.C), Opt.C == 4)

try:
    @unique
    class Dup(Enum):
        ONE = 1
        UNO = 1
except ValueError as e:
    print('ValueError', e)
try:
    class More(Color):
        PINK = 9
except TypeError as e:
    print('TypeError', e)

Animal = Enum('Animal', 'ANT BEE CAT')
print(list(Animal), Animal.BEE.value, repr(Animal))
Pets = Enum('Pets', [('DOG', 'woof'), ('COW', 'moo')])
print(Pets.COW.value, Pets('woof'))

class Status(Enum):
    OK = 'ok'
    FAIL = 'fail'

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None
print(Status('OK'), Status('Fail'))
