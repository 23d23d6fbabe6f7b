# badinput: augmented assignment to a global name in a function
# expect-exit: 1
# expect-stderr: UnboundLocalError: cannot access local variable 'count' where it is not associated with a value
count = 0
def inc():
    count += 1
inc()
