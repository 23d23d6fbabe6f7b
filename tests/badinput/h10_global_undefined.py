# badinput: global undefined
# expect-exit: 1
# expect-stderr: NameError: name 'zz' is not defined
def f():
    global zz
    return zz
f()
