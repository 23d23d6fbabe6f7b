# badinput: send() into a generator that died from a thrown exception
# expect-exit: 1
# expect-stderr: StopIteration
def g():
    yield 1
it = g()
next(it)
try:
    it.throw(KeyError('k'))
except KeyError:
    pass
it.send(None)
