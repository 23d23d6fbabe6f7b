# badinput: __getattribute__ reading self attribute
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __getattribute__(self, n): return self.n
A().x
