# badinput: keyword-only given positionally
# expect-exit: 1
# expect-stderr: TypeError: f() takes 1 positional argument but 2 were given
def f(a, *, b):
    return a
f(1, 2)
