# badinput: print sep int (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: sep must be None or a string, not int
print('x', sep=1)
