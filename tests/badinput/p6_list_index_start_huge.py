# badinput: list index start huge (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: 3 is not in list
# expect-stdout: 1
print([1, 2].index(2, -10 ** 30, 10 ** 30))
[1, 2].index(3, 10 ** 30)
