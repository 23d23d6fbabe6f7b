# badinput: __str__ missing, __repr__ calls str(self)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class R:
    def __repr__(self):
        return str(self)
str(R())
