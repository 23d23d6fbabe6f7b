# badinput: assigning __bases__ to form a cycle
# expect-exit: 1
# expect-stderr: TypeError: a __bases__ item causes an inheritance cycle
class A: pass
class B(A): pass
A.__bases__ = (B,)
