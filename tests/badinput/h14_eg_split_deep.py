# badinput: split() of an ExceptionGroup nested 100000 deep (built iteratively): RecursionError, not a C stack overflow (h14 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in exceptiongroup_split_recursive
e = ValueError(0)
for i in range(100000):
    e = ExceptionGroup('x', [e, TypeError(i)])
m, r = e.split(ValueError)
