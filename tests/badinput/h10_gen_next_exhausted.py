# badinput: gen next exhausted
# expect-exit: 1
# expect-stderr: StopIteration: 3
def g():
    return 3
    yield
x = g()
next(x)
