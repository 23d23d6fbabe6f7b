# badinput: sys.set_int_max_str_digits(10): below the threshold of 640
# expect-exit: 1
# expect-stderr: ValueError: maxdigits must be 0 or larger than 640
import sys
sys.set_int_max_str_digits(10)
