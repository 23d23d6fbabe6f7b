# badinput: Python misuse: unbound local
# expect-exit: 1
# expect-stderr: UnboundLocalError: cannot access local variable 'x' where it is not associated with a value
def f():
    print(x)
    x = 1
f()
