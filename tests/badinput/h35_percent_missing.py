# badinput: Python misuse: percent missing
# expect-exit: 1
# expect-stderr: TypeError: not enough arguments for format string
print("%d %d" % (1,))
