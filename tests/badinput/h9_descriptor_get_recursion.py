# badinput: a descriptor's __get__ reads the same attribute
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class D:
    def __get__(self, obj, owner):
        return obj.d
class A:
    d = D()
A().d
