# badinput: class duplicate base
# expect-exit: 1
# expect-stderr: TypeError: duplicate base class A
class A: pass
class B(A, A): pass
