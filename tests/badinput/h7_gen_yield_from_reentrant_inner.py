# badinput: the inner generator of a yield from is advanced from inside itself
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def inner():
    yield next(o)
def outer():
    yield from inner()
o = outer()
next(o)
