# badinput: repr recursion mutual (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __repr__(self):
        return repr(B())
class B:
    def __repr__(self):
        return repr(A())
repr(A())
