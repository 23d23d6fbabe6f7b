# badinput: eq recursion (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __eq__(self, o): return self == o
print(A() == A())
