# badinput: __index__ returning a float used by range()
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type float)
class I:
    def __index__(self):
        return 1.0
range(I())
