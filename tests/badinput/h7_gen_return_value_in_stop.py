# badinput: a generator's return value reaches StopIteration.value
# expect-exit: 0
# expect-stdout: value ret
def g():
    yield 1
    return 'ret'
it = g()
next(it)
try:
    next(it)
except StopIteration as e:
    print('value', e.value)
