# badinput: except* over an ExceptionGroup nested 100000 deep: the split's RecursionError (h14 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in exceptiongroup_split_recursive
e = ValueError(0)
for i in range(100000):
    e = ExceptionGroup('x', [e])
try:
    raise e
except* ValueError:
    print('caught')
