# badinput: __getattr__ reading a missing attribute of self
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __getattr__(self, n):
        return self.x
A().y
