# badinput: dict() of pairs whose iterator raises
# expect-exit: 1
# expect-stderr: EOFError: pairs
def g():
    yield (1, 2)
    raise EOFError('pairs')
dict(g())
