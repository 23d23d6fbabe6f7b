# badinput: zero division float pow (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ZeroDivisionError: 0.0 cannot be raised to a negative power
print(0.0 ** -1)
