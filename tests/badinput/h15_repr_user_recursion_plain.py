# badinput: a __repr__ that recurses through Python frames meets the recursion limit (CPython 3.12: plain "maximum recursion depth exceeded"); the container repr depth is counted apart, as CPython's C recursion limit
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class R:
    def __init__(self, n):
        self.n = n
    def __repr__(self):
        return repr(R(self.n + 1))
repr(R(0))
