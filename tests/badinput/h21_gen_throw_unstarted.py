# badinput: throw into an unstarted generator
# expect-exit: 1
# expect-stderr: ValueError: boom
def g():
    yield 1
it = g()
it.throw(ValueError('boom'))
