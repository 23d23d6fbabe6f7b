# badinput: int() of an object with only __trunc__, which returns an object with __index__ (deprecated delegation still works)
# expect-exit: 0
# expect-stdout: 7 <class 'int'>
class I:
    def __index__(self):
        return 7
class T:
    def __trunc__(self):
        return I()
n = int(T())
print(n, type(n))
