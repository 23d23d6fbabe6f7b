# badinput: a generator's return value read from StopIteration.value
# expect-exit: 1
# expect-stderr: StopIteration
# expect-stdout: value done
def g():
    yield 1
    return 'done'
it = g()
next(it)
try:
    next(it)
except StopIteration as e:
    print('value', e.value)
next(it)
