# badinput: __repr__ formats itself with !r
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while getting the repr of an object
class A:
    def __repr__(self):
        return f'A({self!r})'
repr(A())
