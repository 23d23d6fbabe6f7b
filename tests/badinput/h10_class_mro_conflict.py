# badinput: class mro conflict
# expect-exit: 1
# expect-stderr: order (MRO) for bases A, B
class A: pass
class B(A): pass
class C(A, B): pass
