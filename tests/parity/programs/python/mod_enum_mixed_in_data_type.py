# Enums mixing in a data type (class Format(str, Enum), class Num(int, Enum)): the pattern of config
# and layout enums (timm's layers/format.py). Members compare and hash as their values, str methods
# and int arithmetic act on the value, lookups by value and name work, and str()/format()/repr() show
# the enum member as CPython 3.11 does. (isinstance(member, str) and the MRO are left out: Kiln's
# members delegate to their values instead of subclassing str/int.)
from enum import Enum


class Format(str, Enum):
    NCHW = 'NCHW'
    NHWC = 'NHWC'
    NCL = 'NCL'


class Num(int, Enum):
    ONE = 1
    TWO = 2
    THREE = 3


class Level(str, Enum):
    LOW = 1          # converted with str(), as str.__new__ does
    HIGH = 'high'


f = Format.NCHW
print(str(f), repr(f), f"{f}", format(f, '>14') + '|', '{}'.format(f))
print(f == 'NCHW', 'NHWC' == Format.NHWC, f != 'NHWC', f == Format.NCHW, f is Format('NCHW'))
print(f.value, f.name, Format['NCL'], Format('NHWC').name)
print(hash(f) == hash('NCHW'), {Format.NCHW: 'a'}['NCHW'], 'NCL' in {Format.NCL}, f in ('NCHW', 'NHWC'))
print(f.lower(), f.startswith('NC'), len(f), f + '_x', 'y_' + f, f.replace('C', 'c'), 'CH' in f, f < 'Z')
print(Format._member_type_, Num._member_type_, list(Format), len(Format))
for fmt in ('NCHW', 'NCL'):
    print(fmt, Format(fmt) is {'NCHW': Format.NCHW, 'NCL': Format.NCL}[fmt])
try:
    Format('HWC')
except ValueError as e:
    print('ValueError:', e)

n = Num.TWO
print(str(n), repr(n), f"{n}", n + 1, 10 - n, n * 3, n // 2, n % 2, -n, n ** 2, int(n), float(n), [10, 20, 30][n])
print(n == 2, 3 == Num.THREE, n < Num.THREE, sorted([Num.THREE, Num.ONE, Num.TWO]), Num(1), hash(n) == hash(2))
print(Level.LOW.value, repr(Level.LOW), Level('1') is Level.LOW, Level('high').name)
