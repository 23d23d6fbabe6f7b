# badinput: hash recursive (CPython 3.11 ends with the same message)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __hash__(self): return hash((self,))
hash(A())
