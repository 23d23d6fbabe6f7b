# badinput: local read after del
# expect-exit: 1
# expect-stderr: UnboundLocalError: cannot access local variable 'x' where it is not associated with a value
def f():
    x = 1
    del x
    return x
f()
