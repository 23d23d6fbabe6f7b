# badinput: nonlocal of a parameter
# expect-exit: 1
# expect-stderr: SyntaxError: name 'x' is parameter and nonlocal
def g():
    def f(x):
        nonlocal x
