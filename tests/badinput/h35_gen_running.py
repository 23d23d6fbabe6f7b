# badinput: Python misuse: gen running
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    yield next(it)
it = g()
next(it)
