# badinput: dunder hash recursive (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class H:
    def __hash__(self): return hash(self)
hash(H())
