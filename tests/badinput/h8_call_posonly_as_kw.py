# badinput: positional-only passed by keyword
# expect-exit: 1
# expect-stderr: TypeError: f() got some positional-only arguments passed as keyword arguments: 'a'
def f(a, /, b):
    return a
f(a=1, b=2)
