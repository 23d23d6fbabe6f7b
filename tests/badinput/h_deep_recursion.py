# badinput: deep recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def f(n): return f(n + 1)
f(0)
