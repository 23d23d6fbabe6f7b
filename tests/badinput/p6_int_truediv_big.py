# badinput: int truediv big (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: integer division result too large for a float
print((10 ** 400) / 3)
