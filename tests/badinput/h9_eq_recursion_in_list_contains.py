# badinput: __eq__ compares through a list that contains itself
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __eq__(self, other):
        return [self] == [other]
    __hash__ = object.__hash__
A() == A()
