# badinput: Python misuse: gen send after exhaust
# expect-exit: 1
# expect-stderr: StopIteration
def g():
    yield 1
x = g()
list(x)
x.send(None)
