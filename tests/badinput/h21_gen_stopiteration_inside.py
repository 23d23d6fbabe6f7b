# badinput: StopIteration raised inside a generator
# expect-exit: 1
# expect-stderr: RuntimeError: generator raised StopIteration
def g():
    yield 1
    raise StopIteration
list(g())
