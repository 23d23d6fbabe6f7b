# badinput: Python misuse: format mixed numbering
# expect-exit: 1
# expect-stderr: ValueError: cannot switch from automatic field numbering to manual field specification
print("{} {0}".format(1, 2))
