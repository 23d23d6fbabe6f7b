# badinput: call posonly as kw
# expect-exit: 1
# expect-stderr: TypeError: f() got some positional-only arguments passed as keyword arguments: 'x'
def f(x, /): pass
f(x=1)
