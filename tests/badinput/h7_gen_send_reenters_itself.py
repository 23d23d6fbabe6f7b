# badinput: a generator sends into itself
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    x = yield 1
    it.send(x)
    yield 2
it = g()
next(it)
it.send(3)
