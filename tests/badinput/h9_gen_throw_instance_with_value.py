# badinput: throw() with an instance and a separate value
# expect-exit: 1
# expect-stderr: TypeError: instance exception may not have a separate value
def g():
    yield 1
it = g()
next(it)
it.throw(ValueError('a'), 'b')
