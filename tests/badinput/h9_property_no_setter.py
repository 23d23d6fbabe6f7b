# badinput: assigning a read-only property
# expect-exit: 1
# expect-stderr: AttributeError: property 'x' of 'A' object has no setter
class A:
    @property
    def x(self):
        return 1
A().x = 2
