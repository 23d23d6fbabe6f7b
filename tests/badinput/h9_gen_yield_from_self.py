# badinput: a generator delegates to itself with yield from
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
def g():
    yield from it
it = g()
list(it)
