# badinput: generator return value read from StopIteration (valid)
# expect-exit: 0
# expect-stdout: 42
def g():
    yield 1
    return 42
it = g()
next(it)
try:
    next(it)
except StopIteration as e:
    print(e.value)
