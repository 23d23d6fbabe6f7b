# badinput: dunder repr int
# expect-exit: 1
# expect-stderr: TypeError: __repr__ returned non-string (type int)
class A:
    def __repr__(self):
        return 5
repr(A())
