# badinput: __index__ returning NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type NotImplementedType)
class A:
    def __index__(self): return NotImplemented
[1, 2][A()]
