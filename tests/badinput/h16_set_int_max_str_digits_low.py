# badinput: sys.set_int_max_str_digits(700): 700 digits parse, 800 do not
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (700 digits) for integer string conversion: value has 800 digits; use sys.set_int_max_str_digits() to increase the limit
# expect-stdout: 700
import sys
sys.set_int_max_str_digits(700)
print(len(str(int("9" * 700))))
int("9" * 800)
