# badinput: fmt int precision (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Precision not allowed in integer format specifier
format(3, '.2d')
