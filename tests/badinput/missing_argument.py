# badinput: a call missing a required argument
# expect-exit: 1
# expect-stderr: TypeError: f() missing 1 required positional argument: 'b'
def f(a, b):
    pass
f(1)
