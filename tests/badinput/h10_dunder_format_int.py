# badinput: dunder format int
# expect-exit: 1
# expect-stderr: TypeError: __format__ must return a str, not int
class A:
    def __format__(self, spec):
        return 5
f"{A()}"
