# badinput: Python misuse: gen stopiteration inside
# expect-exit: 1
# expect-stderr: RuntimeError: generator raised StopIteration
def g():
    raise StopIteration
    yield 1
list(g())
