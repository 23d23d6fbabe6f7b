# badinput: next() on a closed generator
# expect-exit: 1
# expect-stderr: StopIteration
# expect-stdout: closed
def g():
    yield 1
it = g()
next(it)
it.close()
print('closed')
next(it)
