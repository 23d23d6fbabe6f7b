# badinput: index huge (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'I' into an index-sized integer
class I:
    def __index__(self): return 2**80
print([1, 2][I()])
