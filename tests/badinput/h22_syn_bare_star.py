# badinput: a bare * without keyword parameters
# expect-exit: 1
# expect-stderr: SyntaxError: named arguments must follow bare *
def f(*): pass
