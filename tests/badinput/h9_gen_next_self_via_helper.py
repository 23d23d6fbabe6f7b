# badinput: a generator advances itself through a helper function
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def helper():
    return next(it)
def g():
    yield helper()
it = g()
next(it)
