# badinput: Fraction(float('inf')): OverflowError as CPython (float.as_integer_ratio), not ValueError
# expect-exit: 1
# expect-stderr: OverflowError: cannot convert Infinity to integer ratio
from fractions import Fraction
print(Fraction(float("inf")))
