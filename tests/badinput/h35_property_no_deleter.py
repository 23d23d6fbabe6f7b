# badinput: Python misuse: property no deleter
# expect-exit: 1
# expect-stderr: AttributeError: property 'x' of 'C' object has no deleter
class C:
    @property
    def x(self):
        return 1
del C().x
