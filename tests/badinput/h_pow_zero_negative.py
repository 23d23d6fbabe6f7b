# badinput: pow zero negative (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: 0.0 cannot be raised to a negative power
print(0 ** -1)
