# badinput: Python misuse: format attr
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'nope'
print("{0.nope}".format(1))
