# badinput: fractions.Fraction of a 5000-digit string
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit
from fractions import Fraction
Fraction('9' * 5000)
