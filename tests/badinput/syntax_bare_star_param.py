# badinput: a bare * with no keyword-only parameter after it
# expect-exit: 1
# expect-stderr: SyntaxError: named arguments must follow bare *
def f(*):
    pass
