# badinput: int times float overflow (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: int too large to convert to float
print(10 ** 400 * 1.0)
