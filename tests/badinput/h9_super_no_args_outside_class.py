# badinput: super() with no arguments in a plain function
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
def f():
    return super()
f()
