# badinput: recursion in lambda
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
f = lambda n: f(n + 1)
f(0)
