# badinput: setattr on int instance
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'y'
x = 5
x.y = 1
