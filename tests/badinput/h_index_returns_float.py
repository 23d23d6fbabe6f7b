# badinput: index returns float (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type float)
class I:
    def __index__(self): return 1.0
print([1, 2][I()])
