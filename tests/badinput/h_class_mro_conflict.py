# badinput: class mro conflict (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: order (MRO) for bases A, B
class A: pass
class B(A): pass
class C(A, B): pass
