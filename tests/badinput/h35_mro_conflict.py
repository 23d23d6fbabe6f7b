# badinput: class bases with no consistent MRO
# expect-exit: 1
# expect-stderr-has: TypeError: Cannot create a consistent method resolution
class A: pass
class B(A): pass
class C(A, B): pass
