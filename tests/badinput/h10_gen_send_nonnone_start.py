# badinput: gen send nonnone start
# expect-exit: 1
# expect-stderr: TypeError: can't send non-None value to a just-started generator
def g():
    yield 1
x = g()
x.send(5)
