# badinput: getattr recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __getattr__(self, n): return self.missing
print(A().x)
