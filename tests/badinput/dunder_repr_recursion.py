# badinput: __repr__ calls repr(self)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class R:
    def __repr__(self):
        return repr(self)
repr(R())
