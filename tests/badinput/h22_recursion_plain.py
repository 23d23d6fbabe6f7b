# badinput: unbounded recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
def f(n):
    return f(n + 1)
f(0)
