# badinput: __getattr__ that calls repr(self) whose __repr__ reads a missing attribute
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class R:
    def __getattr__(self, name):
        return repr(self)
    def __repr__(self):
        return self.missing
repr(R())
