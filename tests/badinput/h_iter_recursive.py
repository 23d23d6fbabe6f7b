# badinput: iter recursive (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __iter__(self): return iter(self)
list(A())
