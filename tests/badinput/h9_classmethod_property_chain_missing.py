# badinput: getattr on a class through a misspelled classmethod
# expect-exit: 1
# expect-stderr: AttributeError: type object 'A' has no attribute 'nmae'
class A:
    @classmethod
    def make(cls):
        return cls.nmae
A.make()
