# badinput: a property setter that assigns itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    @property
    def x(self):
        return 1
    @x.setter
    def x(self, v):
        self.x = v
A().x = 3
