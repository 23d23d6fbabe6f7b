# badinput: __init_subclass__ defines a subclass of the new class
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class A:
    def __init_subclass__(cls):
        class B(cls): pass
class C(A): pass
