# badinput: call dup kwarg
# expect-exit: 1
# expect-stderr: TypeError: f() got multiple values for argument 'x'
def f(x): pass
f(1, x=2)
