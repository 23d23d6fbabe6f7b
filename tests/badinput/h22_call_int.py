# badinput: calling an int
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not callable
x = 5
x()
