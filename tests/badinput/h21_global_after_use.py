# badinput: name used before its global declaration
# expect-exit: 1
# expect-stderr: SyntaxError: name 'x' is assigned to before global declaration
def f():
    x = 1
    global x
