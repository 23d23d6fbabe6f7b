# badinput: Python misuse: nonlocal del
# expect-exit: 1
# expect-stderr: NameError: cannot access free variable 'x' where it is not associated with a value in enclosing scope
def f():
    x = 1
    def g():
        nonlocal x
        del x
        return x
    return g()
f()
