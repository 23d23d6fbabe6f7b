# badinput: same argument twice
# expect-exit: 1
# expect-stderr: TypeError: f() got multiple values for argument 'a'
def f(a, b=0):
    return a
f(1, a=2)
