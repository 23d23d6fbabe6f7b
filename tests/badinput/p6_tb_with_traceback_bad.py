# badinput: tb with traceback bad (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __traceback__ must be a traceback or None
raise ValueError('x').with_traceback('tb')
