# badinput: gen yield from int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
def g():
    yield from 5
list(g())
