# badinput: a missing instance attribute
# expect-exit: 1
# expect-stderr: AttributeError: 'A' object has no attribute 'x'
class A:
    pass
A().x
