# badinput: max no args (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: max expected at least 1 argument, got 0
max()
