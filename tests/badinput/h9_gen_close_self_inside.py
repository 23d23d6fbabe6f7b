# badinput: a generator closes itself while running
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    it.close()
    yield 1
it = g()
next(it)
