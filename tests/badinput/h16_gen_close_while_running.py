# badinput: a generator closing itself while running
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    me.close()
    yield 1
me = g()
next(me)
