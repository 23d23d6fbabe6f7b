# badinput: dunder float returns int
# expect-exit: 1
# expect-stderr: TypeError: A.__float__ returned non-float (type int)
class A:
    def __float__(self):
        return 1
float(A())
