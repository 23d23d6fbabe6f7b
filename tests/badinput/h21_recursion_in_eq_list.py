# badinput: __eq__ recursing through list comparison
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __eq__(self, o): return [self] == [o]
A() == A()
