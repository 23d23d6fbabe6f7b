# badinput: a property returning itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    @property
    def v(self):
        return self.v
A().v
