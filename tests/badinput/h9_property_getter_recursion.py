# badinput: a property getter that reads itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    @property
    def x(self):
        return self.x
A().x
