# badinput: Python misuse: index returns float
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type float)
class C:
    def __index__(self):
        return 1.5
[1, 2][C()]
