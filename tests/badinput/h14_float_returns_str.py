# badinput: __float__ returning a str (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: A.__float__ returned non-float (type str)
class A:
    def __float__(self): return 'x'
float(A())
