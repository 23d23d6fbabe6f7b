# badinput: a call with an unknown keyword
# expect-exit: 1
# expect-stderr: TypeError: f() got an unexpected keyword argument 'z'
def f(a):
    pass
f(a=1, z=2)
