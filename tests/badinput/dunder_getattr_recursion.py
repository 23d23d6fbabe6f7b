# badinput: __getattr__ reads a missing attribute of self
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __getattr__(self, name):
        return self.missing
C().anything
