# fractions.Fraction: construction, exact arithmetic, mixing with int/float, hashing, rounding, limit_denominator, errors
from fractions import Fraction as F
import math
a = F(3, 4); b = F('1/6'); c = F(0.1); d = F('-1.25e-1'); e = F(' 7 ')
print(a, b, c, d, e, repr(a), F(6, -8), F(F(1, 2), F(3, 4)))
print(a + b, a - b, a * b, a / b, a // b, a % b, divmod(F(7, 2), 2), a ** 2, a ** -2, F(4) ** F(1, 2), 2 ** F(2))
print(a + 1, 1 - a, a * 2.0, a < b, a == 0.75, a > 0.7, F(1, 2) == F(2, 4), sorted([a, b, F(1)]), abs(F(-3, 5)), -a)
print(float(a), int(F(-7, 2)), round(F(5, 2)), round(F(7, 2)), round(F(1, 3), 2), math.floor(F(-7, 2)), math.ceil(F(-7, 2)), math.trunc(F(-7, 2)))
print(hash(F(1, 2)) == hash(0.5), hash(F(3)) == hash(3), F(math.pi).limit_denominator(1000), F(0.1).limit_denominator(10), c.as_integer_ratio())
print(F.from_float(0.25), bool(F(0)), str(F(-3, 1)), F(10, 4).numerator, F(10, 4).denominator)
for bad in ['abc', '1/0', '3/', '']:
    try:
        F(bad)
    except (ValueError, ZeroDivisionError) as err:
        print(type(err).__name__, err)
try:
    a / F(0)
except ZeroDivisionError as err:
    print('ZeroDivisionError', err)
