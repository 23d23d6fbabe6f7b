# badinput: setattr slots (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: 'A' object has no attribute 'y'
class A:
    __slots__ = ("x",)
a = A(); a.y = 1
