# badinput: global after use (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: SyntaxError: name 'x' is assigned to before global declaration
def f():
    x = 1
    global x
