# badinput: int() of a long base-36 string past the digits limit
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit
int('z' * 5000, 36)
