# badinput: fmt str format empty and num (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: cannot switch from automatic field numbering to manual field specification
'{} {0}'.format(1, 2)
