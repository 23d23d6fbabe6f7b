# badinput: descriptor get recursion (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class D:
    def __get__(self, o, t):
        return o.x
class A:
    x = D()
A().x
