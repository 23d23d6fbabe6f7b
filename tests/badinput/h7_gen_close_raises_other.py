# badinput: a generator's finally raises a different error on close()
# expect-exit: 1
# expect-stderr: KeyError: 'in finally'
def g():
    try:
        yield 1
    finally:
        raise KeyError('in finally')
it = g()
next(it)
it.close()
