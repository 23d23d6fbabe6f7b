# badinput: Python misuse: super no args outside
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
def f():
    super()
f()
