# badinput: next raises stopiteration in gen (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: generator raised StopIteration
def g():
    yield 1
    raise StopIteration
print(list(g()))
