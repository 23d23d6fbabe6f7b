# badinput: int truediv huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: integer division result too large for a float
# expect-stdout: 10.0
print((10**400) / (10**399))
print((10**400) / 3)
