# badinput: property recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    @property
    def x(self): return self.x
A().x
