# badinput: property that reads itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    @property
    def x(self): return self.x
C().x
