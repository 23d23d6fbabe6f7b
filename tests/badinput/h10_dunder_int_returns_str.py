# badinput: dunder int returns str
# expect-exit: 1
# expect-stderr: TypeError: __int__ returned non-int (type str)
class A:
    def __int__(self):
        return "1"
int(A())
