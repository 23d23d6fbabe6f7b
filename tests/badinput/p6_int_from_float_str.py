# badinput: int from float str (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: '1.5'
int('1.5')
