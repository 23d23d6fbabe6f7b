# badinput: a local used before assignment
# expect-exit: 1
# expect-stderr: UnboundLocalError: cannot access local variable 'total' where it is not associated with a value
total = 0
def f():
    total += 1
f()
