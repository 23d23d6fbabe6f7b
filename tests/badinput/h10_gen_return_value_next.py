# badinput: gen return value next
# expect-exit: 1
# expect-stderr: StopIteration: 7
def g():
    yield 1
    return 7
x = g()
next(x)
next(x)
