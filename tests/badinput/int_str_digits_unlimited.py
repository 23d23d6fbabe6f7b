# badinput: sys.set_int_max_str_digits(0) lifts the limit; setting it back restores it
# expect-exit: 1
# expect-stdout: 5001
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
import sys
sys.set_int_max_str_digits(0)
print(len(str(10**5000)))
sys.set_int_max_str_digits(4300)
str(10**5000)
