# badinput: super no args outside (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
def f(): return super()
f()
