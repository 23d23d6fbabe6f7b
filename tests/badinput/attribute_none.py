# badinput: an attribute of None
# expect-exit: 1
# expect-stderr: AttributeError: 'NoneType' object has no attribute 'grad'
x = None
x.grad
