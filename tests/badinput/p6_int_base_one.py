# badinput: int base one (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: int() base must be >= 2 and <= 36, or 0
int('1', 1)
