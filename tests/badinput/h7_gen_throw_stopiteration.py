# badinput: throwing StopIteration into a generator becomes RuntimeError
# expect-exit: 1
# expect-stderr: RuntimeError: generator raised StopIteration
def g():
    yield 1
it = g()
next(it)
it.throw(StopIteration)
