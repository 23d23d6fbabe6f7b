# badinput: subscripting an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not subscriptable
x = 5
x[0]
