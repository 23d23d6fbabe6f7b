# badinput: Python misuse: repr recursion
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class C:
    def __repr__(self):
        return repr(self)
repr(C())
