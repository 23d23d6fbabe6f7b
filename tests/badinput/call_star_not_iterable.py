# badinput: f(*5): the callee is named as CPython names it (check_args_iterable)
# expect-exit: 1
# expect-stderr: TypeError: __main__.f() argument after * must be an iterable, not int
def f(*a):
    return a
f(*5)
