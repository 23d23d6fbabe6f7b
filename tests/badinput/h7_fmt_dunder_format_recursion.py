# badinput: __format__ formats self again
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class F:
    def __format__(self, spec): return format(self, spec)
format(F(), 'x')
