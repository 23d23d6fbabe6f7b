# badinput: tb assign bad (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __traceback__ must be a traceback or None
e = ValueError('x')
e.__traceback__ = 5
