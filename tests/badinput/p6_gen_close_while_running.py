# badinput: gen close while running (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    it.close()
    yield 1
it = g()
next(it)
