# badinput: format recursion dunder (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __format__(self, spec):
        return format(self, spec)
format(A(), 'x')
