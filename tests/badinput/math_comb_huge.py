# badinput: math comb huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
import math
print(len(str(math.comb(100000, 50000))))
