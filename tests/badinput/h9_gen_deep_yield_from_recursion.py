# badinput: a yield from chain that recurses without end
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def g(n):
    yield from g(n + 1)
next(g(0))
