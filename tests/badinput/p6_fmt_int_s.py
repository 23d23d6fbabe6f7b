# badinput: fmt int s (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 's' for object of type 'int'
format(1, 's')
