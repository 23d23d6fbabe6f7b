# badinput: parameter without default after one with
# expect-exit: 1
# expect-stderr: SyntaxError: parameter without a default follows parameter with a default
def f(a=1, b):
    pass
