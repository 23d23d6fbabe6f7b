# badinput: generator reentrant (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    yield next(it)
it = g()
next(it)
