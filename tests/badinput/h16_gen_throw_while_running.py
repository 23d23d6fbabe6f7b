# badinput: a generator throwing into itself
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    me.throw(ValueError)
    yield 1
me = g()
next(me)
