# badinput: slots no dict
# expect-exit: 1
# expect-stderr: AttributeError: 'A' object has no attribute 'y'
class A:
    __slots__ = ("x",)
A().y = 1
