# badinput: generator reentrant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    yield next(x)
x = g()
next(x)
