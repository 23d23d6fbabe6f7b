# badinput: Python misuse: gen yield from noniter
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
def g():
    yield from 5
list(g())
