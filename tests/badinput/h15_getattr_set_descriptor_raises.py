# badinput: a data descriptor whose __set__ raises AttributeError: the user's error, not an instance-dict write
# expect-exit: 1
# expect-stderr: AttributeError: read-only desc
class D:
    def __get__(self, o, t): return 1
    def __set__(self, o, v): raise AttributeError("read-only desc")
class C:
    x = D()
C().x = 5
