# badinput: gen throw while running (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    yield it.throw(ValueError('x'))
it = g()
next(it)
