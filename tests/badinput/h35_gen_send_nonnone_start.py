# badinput: Python misuse: gen send nonnone start
# expect-exit: 1
# expect-stderr: TypeError: can't send non-None value to a just-started generator
def g():
    yield 1
g().send(5)
