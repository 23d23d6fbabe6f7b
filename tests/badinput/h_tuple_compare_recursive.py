# badinput: tuple compare recursive (CPython 3.12's C recursion count: the eval loop's entry trips first, plain message)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __eq__(self, o): return (self,) == (o,)
print(A() == A())
