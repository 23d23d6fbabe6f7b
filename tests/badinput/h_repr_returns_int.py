# badinput: repr returns int (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __repr__ returned non-string (type int)
class A:
    def __repr__(self): return 5
print(repr(A()))
