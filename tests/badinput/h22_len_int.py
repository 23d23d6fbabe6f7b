# badinput: len(5)
# expect-exit: 1
# expect-stderr: TypeError: object of type 'int' has no len()
len(5)
