# badinput: __bool__ returning 1
# expect-exit: 1
# expect-stderr: TypeError: __bool__ should return bool, returned int
class A:
    def __bool__(self): return 1
if A(): pass
