# badinput: deep lambda chain call (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
f = lambda x: x
for i in range(100000):
    f = (lambda g: lambda x: g(x))(f)
f(1)
