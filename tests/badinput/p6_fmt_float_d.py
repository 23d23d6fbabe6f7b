# badinput: fmt float d (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'd' for object of type 'float'
format(1.5, 'd')
