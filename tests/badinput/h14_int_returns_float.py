# badinput: __int__ returning a float (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: __int__ returned non-int (type float)
class A:
    def __int__(self): return 1.5
int(A())
