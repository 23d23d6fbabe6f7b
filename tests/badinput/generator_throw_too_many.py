# badinput: generator.throw with four arguments
# expect-exit: 1
# expect-stderr: TypeError: throw expected at most 3 arguments, got 4
def g():
    yield 1
it = g()
next(it)
it.throw(ValueError, None, None, None)
