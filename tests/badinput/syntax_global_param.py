# badinput: a parameter declared global
# expect-exit: 1
# expect-stderr: SyntaxError: name 'x' is parameter and global
def f(x):
    global x
