# badinput: a generator expression consumes itself
# expect-exit: 1
# expect-stderr: ValueError: generator already executing
ge = (next(ge) for _ in range(3))
next(ge)
