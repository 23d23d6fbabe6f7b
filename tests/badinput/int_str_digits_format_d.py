# badinput: format(x, ",d") of a huge int (hex is exempt, decimal is not)
# expect-exit: 1
# expect-stderr: ValueError: Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit
x = 7**6000
print(len(format(x, "x")))
print(format(x, ",d"))
