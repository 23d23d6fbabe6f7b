# badinput: object.__setattr__ on an int
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'x'
object.__setattr__(1, 'x', 2)
