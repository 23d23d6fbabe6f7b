# badinput: throwing an int into a generator
# expect-exit: 1
# expect-stderr: TypeError: exceptions must be classes or instances deriving from BaseException, not int
def g():
    yield 1
it = g()
next(it)
it.throw(5)
