# badinput: Python misuse: fractions zero
# expect-exit: 1
# expect-stderr: ZeroDivisionError: Fraction(1, 0)
from fractions import Fraction
Fraction(1, 0)
