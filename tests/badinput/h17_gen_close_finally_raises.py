# badinput: a generator whose finally raises while close() throws GeneratorExit into it
# expect-exit: 1
# expect-stderr: KeyError: 'in finally'
def g():
    try:
        yield 1
    finally:
        raise KeyError("in finally")
it = g()
next(it)
it.close()
