# badinput: free var before assign
# expect-exit: 1
# expect-stderr: NameError: cannot access free variable 'x' where it is not associated with a value in enclosing scope
def f():
    def g():
        return x
    g()
    x = 1
f()
