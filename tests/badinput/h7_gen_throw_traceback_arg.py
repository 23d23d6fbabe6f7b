# badinput: throw with a type, a value and a non-traceback third argument
# expect-exit: 1
# expect-stderr: TypeError: throw() third argument must be a traceback object
def g():
    yield 1
it = g()
next(it)
it.throw(ValueError, ValueError('v'), 5)
