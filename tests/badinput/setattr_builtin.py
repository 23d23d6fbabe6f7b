# badinput: setattr builtin (issue 31 sweep)
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'x'
setattr(1, 'x', 2)
