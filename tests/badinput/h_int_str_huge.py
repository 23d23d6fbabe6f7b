# badinput: int str huge (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 100000 digits; use sys.set_int_max_str_digits() to increase the l
x = int("9" * 100000)
