# badinput: a data descriptor's __set__ assigns the same attribute
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class D:
    def __get__(self, obj, t): return 1
    def __set__(self, obj, v): obj.x = v
class C:
    x = D()
C().x = 5
