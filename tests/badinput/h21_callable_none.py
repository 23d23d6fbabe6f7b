# badinput: calling None
# expect-exit: 1
# expect-stderr: TypeError: 'NoneType' object is not callable
x = None
x()
