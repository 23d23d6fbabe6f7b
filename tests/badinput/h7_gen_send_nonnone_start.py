# badinput: sending a non-None value to a just-started generator
# expect-exit: 1
# expect-stderr: TypeError: can't send non-None value to a just-started generator
def g():
    yield 1
g().send(5)
