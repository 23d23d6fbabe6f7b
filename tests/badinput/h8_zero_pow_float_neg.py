# badinput: 0.0 ** -1
# expect-exit: 1
# expect-stderr: ZeroDivisionError: 0.0 cannot be raised to a negative power
v = 0.0 ** -1
