# badinput: __format__ returning NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: __format__ must return a str, not NotImplementedType
class A:
    def __format__(self, s): return NotImplemented
f"{A()}"
