# `x in EnumClass` in CPython 3.12: True for members and for the values of members (3.11 raised
# TypeError for non-members).
from enum import Enum, IntEnum, Flag, StrEnum


class Color(Enum):
    RED = 1
    GREEN = 2
    ALIAS = 1


class Shape(Enum):
    SQUARE = [4]
    TRI = (3,)


class Num(IntEnum):
    ONE = 1
    TWO = 2


class Mode(StrEnum):
    TRAIN = 'train'
    EVAL = 'eval'


class Perm(Flag):
    R = 4
    W = 2


print(Color.RED in Color, Color.ALIAS in Color, 1 in Color, 2 in Color, 3 in Color, 'RED' in Color)
print(Num.ONE in Color, Num.ONE in Num, 1 in Num, 2.0 in Num, True in Num, 5 in Num)
print('train' in Mode, 'TRAIN' in Mode, Mode.EVAL in Mode, 'test' in Mode)
print((3,) in Shape, (4,) in Shape, Shape.SQUARE in Shape, Shape.TRI in Shape)
print(Perm.R in Perm, 4 in Perm, 6 in Perm, Perm.R | Perm.W in Perm, 1 in Perm)
print(None in Color, Color.RED in Num, [x.name for x in Color if x.value in Num])
modes = ['train', 'eval', 'test']
print([m for m in modes if m in Mode], [Mode(m) for m in modes if m in Mode])
