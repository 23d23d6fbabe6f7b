# badinput: int pow negative huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 0.0
print(2 ** -10 ** 6)
