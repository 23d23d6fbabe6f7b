# badinput: __repr__ calling repr(self)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __repr__(self):
        return repr(self)
repr(A())
