# badinput: a lambda that calls itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
f = lambda: f()
f()
