# badinput: fmt str eq align (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: '=' alignment not allowed in string format specifier
format('x', '=5')
