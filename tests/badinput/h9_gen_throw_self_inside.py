# badinput: a generator throws into itself while running
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    it.throw(ValueError('x'))
    yield 1
it = g()
next(it)
