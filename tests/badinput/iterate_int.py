# badinput: iterating an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
for x in 5:
    pass
