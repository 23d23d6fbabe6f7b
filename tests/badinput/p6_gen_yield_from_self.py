# badinput: gen yield from self (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    yield from it
it = g()
next(it)
