# badinput: an f-string of an int past the 4300-digit limit
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
x = 10**5000
s = f"{x}"
