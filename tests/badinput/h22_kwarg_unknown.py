# badinput: a call with an unknown keyword
# expect-exit: 1
# expect-stderr: TypeError: f() got an unexpected keyword argument 'b'
def f(a):
    pass
f(b=1)
