# badinput: a call with too many positional arguments
# expect-exit: 1
# expect-stderr: TypeError: f() takes 2 positional arguments but 3 were given
def f(a, b):
    pass
f(1, 2, 3)
