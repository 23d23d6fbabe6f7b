# badinput: super() called outside a method
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
def f():
    return super()
f()
