# badinput: send into a closed generator
# expect-exit: 1
# expect-stderr: StopIteration
def g():
    yield 1
it = g()
next(it)
it.close()
it.send(1)
