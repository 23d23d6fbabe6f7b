# badinput: __hash__ recursing
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __hash__(self): return hash(self)
{A()}
