# badinput: property recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    @property
    def x(self):
        return self.x
A().x
