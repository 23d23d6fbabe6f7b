# badinput: int pow mod huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 9102203
print(pow(3, 10 ** 100, 10 ** 9 + 7))
