# badinput: __format__ returns an int
# expect-exit: 1
# expect-stderr: TypeError: __format__ must return a str, not int
class A:
    def __format__(self, spec):
        return 42
f'{A()}'
