# badinput: __bool__ returns an int
# expect-exit: 1
# expect-stderr: TypeError: __bool__ should return bool, returned int
class B:
    def __bool__(self):
        return 1
if B():
    pass
