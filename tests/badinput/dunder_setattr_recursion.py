# badinput: __setattr__ assigns through itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __setattr__(self, name, value):
        self.x = value
C().y = 1
