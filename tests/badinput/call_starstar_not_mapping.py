# badinput: f(**5) (DICT_MERGE names the callee)
# expect-exit: 1
# expect-stderr: TypeError: __main__.f() argument after ** must be a mapping, not int
def f(**k):
    return k
f(**5)
