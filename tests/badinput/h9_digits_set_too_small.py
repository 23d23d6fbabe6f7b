# badinput: sys.set_int_max_str_digits(100)
# expect-exit: 1
# expect-stderr: ValueError: maxdigits must be 0 or larger than 640
import sys
sys.set_int_max_str_digits(100)
