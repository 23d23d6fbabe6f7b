# badinput: Python misuse: object setattr slot
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'x'
object.__setattr__(1, "x", 2)
