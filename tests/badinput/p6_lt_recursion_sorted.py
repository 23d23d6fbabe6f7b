# badinput: lt recursion sorted (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __lt__(self, o):
        return sorted([o, self])[0] is self
sorted([A(), A()])
