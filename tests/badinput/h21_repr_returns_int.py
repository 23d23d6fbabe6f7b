# badinput: __repr__ returning an int
# expect-exit: 1
# expect-stderr: TypeError: __repr__ returned non-string (type int)
class A:
    def __repr__(self): return 1
repr(A())
