# badinput: Python misuse: percent dict needed
# expect-exit: 1
# expect-stderr: TypeError: format requires a mapping
print("%(a)s" % (1,))
