# badinput: call unexpected kwarg
# expect-exit: 1
# expect-stderr: TypeError: f() got an unexpected keyword argument 'y'
def f(x): pass
f(y=2)
