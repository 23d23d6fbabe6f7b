# badinput: a class whose bases admit no consistent MRO (CPython 3.12 wraps the message onto a second line)
# expect-exit: 1
# expect-stderr: order (MRO) for bases A, B
class A: pass
class B(A): pass
class C(A, B): pass
