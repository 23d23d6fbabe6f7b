# badinput: gen next after exception (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: StopIteration
# expect-stdout: done
def g():
    yield 1
    raise KeyError('k')
it = g()
next(it)
try:
    next(it)
except KeyError:
    pass
print(next(it, 'done'))
next(it)
