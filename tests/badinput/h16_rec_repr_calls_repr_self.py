# badinput: a __repr__ that calls repr(self) (CPython 3.12's C recursion count)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __repr__(self): return repr(self)
repr(A())
