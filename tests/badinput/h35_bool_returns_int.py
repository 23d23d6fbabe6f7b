# badinput: Python misuse: bool returns int
# expect-exit: 1
# expect-stderr: TypeError: __bool__ should return bool, returned int
class C:
    def __bool__(self):
        return 1
bool(C())
