# badinput: delattr missing (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: AttributeError: 'A' object has no attribute 'x'
class A: pass
delattr(A(), "x")
