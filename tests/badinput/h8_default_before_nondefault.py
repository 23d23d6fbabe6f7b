# badinput: non-default parameter after a default
# expect-exit: 1
# expect-stderr: SyntaxError: parameter without a default follows parameter with a default
def f(a=1, b):
    pass
