# badinput: Python misuse: slots assign
# expect-exit: 1
# expect-stderr: AttributeError: 'C' object has no attribute 'y'
class C:
    __slots__ = ("x",)
C().y = 1
