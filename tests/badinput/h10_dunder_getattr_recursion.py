# badinput: dunder getattr recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __getattr__(self, n):
        return self.missing
A().x
