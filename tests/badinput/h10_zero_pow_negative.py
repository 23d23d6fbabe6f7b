# badinput: zero pow negative
# expect-exit: 1
# expect-stderr: ZeroDivisionError: 0.0 cannot be raised to a negative power
0 ** -1
