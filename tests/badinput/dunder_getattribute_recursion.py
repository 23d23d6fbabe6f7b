# badinput: __getattribute__ reads self.__dict__ through itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __getattribute__(self, name):
        return self.__dict__[name]
C().x
