# badinput: a field's index into an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not subscriptable
'{0[0]}'.format(1)
