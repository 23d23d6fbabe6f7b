# badinput: setattr recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __setattr__(self, n, v): setattr(self, n, v)
A().x = 1
