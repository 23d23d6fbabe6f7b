# badinput: __complex__ returning a float
# expect-exit: 1
# expect-stderr: TypeError: __complex__ returned non-complex (type float)
class C:
    def __complex__(self):
        return 1.5
complex(C())
