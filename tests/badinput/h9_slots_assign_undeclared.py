# badinput: assigning an attribute not in __slots__
# expect-exit: 1
# expect-stderr: AttributeError: 'A' object has no attribute 'y'
class A:
    __slots__ = ('x',)
A().y = 1
