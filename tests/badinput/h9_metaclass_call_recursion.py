# badinput: a metaclass __call__ that calls the class again
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class M(type):
    def __call__(cls, *a):
        return cls(*a)
class A(metaclass=M):
    pass
A()
