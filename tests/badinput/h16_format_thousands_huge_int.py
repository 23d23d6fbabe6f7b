# badinput: '{:,}' of an int with 5000 digits is refused by the 4300-digit limit
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
print("{:,}".format(10**5000))
