# badinput: fmt int c sign (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Sign not allowed with integer format specifier 'c'
format(65, '+c')
