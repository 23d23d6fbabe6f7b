# badinput: Python misuse: format conversion bad
# expect-exit: 1
# expect-stderr: ValueError: Unknown conversion specifier x
print("{!x}".format(1))
