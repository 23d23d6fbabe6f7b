# badinput: setattr on object()
# expect-exit: 1
# expect-stderr: AttributeError: 'object' object has no attribute 'x'
o = object()
o.x = 1
