# badinput: Python misuse: property no setter
# expect-exit: 1
# expect-stderr: AttributeError: property 'x' of 'C' object has no setter
class C:
    @property
    def x(self):
        return 1
C().x = 2
