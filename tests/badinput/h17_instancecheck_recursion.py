# badinput: a metaclass __instancecheck__ that calls isinstance on its own class
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class Meta(type):
    def __instancecheck__(cls, x):
        return isinstance(x, cls)
class K(metaclass=Meta): pass
isinstance(1, K)
