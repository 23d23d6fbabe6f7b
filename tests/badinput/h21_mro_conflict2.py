# badinput: class whose bases cannot be linearized (message spans two lines as CPython's)
# expect-exit: 1
# expect-stderr: order (MRO) for bases A, B
class A: pass
class B(A): pass
class C(A, B): pass
