# badinput: deleting a property without a deleter
# expect-exit: 1
# expect-stderr: AttributeError: property 'x' of 'A' object has no deleter
class A:
    @property
    def x(self):
        return 1
del A().x
