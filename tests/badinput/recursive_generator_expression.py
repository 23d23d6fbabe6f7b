# badinput: a generator expression over itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
g = (x for x in range(3))
def h():
    yield from h()
list(h())
