# badinput: generator.throw with a third argument that is not a traceback
# expect-exit: 1
# expect-stderr: TypeError: throw() third argument must be a traceback object
def g():
    yield 1
it = g()
next(it)
it.throw(ValueError, ValueError("x"), 5)
