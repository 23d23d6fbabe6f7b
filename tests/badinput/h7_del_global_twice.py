# badinput: deleting a global twice
# expect-exit: 1
# expect-stderr: NameError: name 'x' is not defined
x = 1
del x
del x
