# badinput: global after the name is used
# expect-exit: 1
# expect-stderr: SyntaxError: name 'x' is used prior to global declaration
def f():
    print(x)
    global x
