# badinput: __index__ returning a float
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type float)
class A:
    def __index__(self): return 1.5
[1,2][A()]
