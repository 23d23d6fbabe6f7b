# badinput: a class whose bases have no consistent MRO
# expect-exit: 1
# expect-stderr: order (MRO) for bases A, B
class A: pass
class B(A): pass
class C(A, B): pass
