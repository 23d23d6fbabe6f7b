# badinput: Python misuse: delattr missing
# expect-exit: 1
# expect-stderr: AttributeError: 'C' object has no attribute 'x'
class C: pass
delattr(C(), "x")
