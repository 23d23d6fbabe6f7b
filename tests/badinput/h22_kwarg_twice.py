# badinput: an argument given twice
# expect-exit: 1
# expect-stderr: TypeError: f() got multiple values for argument 'a'
def f(a):
    pass
f(1, a=2)
