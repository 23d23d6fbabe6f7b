# badinput: contains recursive (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __contains__(self, x): return x in self
print(1 in A())
