# badinput: __getattribute__ raising AttributeError: hasattr False, then the error
# expect-exit: 1
# expect-stderr: AttributeError: x
class C:
    def __getattribute__(self, n):
        raise AttributeError(n)
print(hasattr(C(), "x"))
C().x
