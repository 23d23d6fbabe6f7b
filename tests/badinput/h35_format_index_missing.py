# badinput: Python misuse: format index missing
# expect-exit: 1
# expect-stderr: IndexError: Replacement index 1 out of range for positional args tuple
print("{0} {1}".format(1))
