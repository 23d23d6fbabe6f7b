# badinput: tuple compare recursive (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
class A:
    def __eq__(self, o): return (self,) == (o,)
print(A() == A())
