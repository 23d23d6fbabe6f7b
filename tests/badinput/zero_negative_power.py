# badinput: 0 ** -1
# expect-exit: 1
# expect-stderr: ZeroDivisionError: 0.0 cannot be raised to a negative power
x = 0
x ** -1
