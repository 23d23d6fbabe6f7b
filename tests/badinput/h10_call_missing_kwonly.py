# badinput: call missing kwonly
# expect-exit: 1
# expect-stderr: TypeError: f() missing 1 required keyword-only argument: 'x'
def f(*, x): pass
f()
