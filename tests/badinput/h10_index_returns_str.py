# badinput: index returns str
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type str)
class A:
    def __index__(self):
        return "x"
int(A())
