# badinput: a lowered digit limit applies to str() and int()
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (700 digits) for integer string conversion: value has 701 digits; use sys.set_int_max_str_digits() to increase the limit
import sys
sys.set_int_max_str_digits(700)
print(sys.get_int_max_str_digits())
try:
    str(10**800)
except ValueError as e:
    print(e)
int("1" * 701)
