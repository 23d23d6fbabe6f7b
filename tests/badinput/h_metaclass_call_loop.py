# badinput: metaclass call loop (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class M(type):
    def __call__(cls, *a): return cls()
class A(metaclass=M): pass
A()
