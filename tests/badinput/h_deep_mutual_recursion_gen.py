# badinput: deep mutual recursion gen (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def g(n):
    yield from g(n + 1)
list(g(0))
