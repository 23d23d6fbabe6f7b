# badinput: percent format missing (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: not enough arguments for format string
print("%s %s" % (1,))
