# badinput: set_int_max_str_digits(0) lifts the limit
# expect-exit: 0
# expect-stdout: 5001 0
import sys
sys.set_int_max_str_digits(0)
print(len(str(10**5000)), sys.get_int_max_str_digits())
