# badinput: call star non iterable
# expect-exit: 1
# expect-stderr: TypeError: __main__.f() argument after * must be an iterable, not int
def f(*a): pass
f(*5)
