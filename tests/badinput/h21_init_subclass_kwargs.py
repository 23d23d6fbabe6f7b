# badinput: class keyword not accepted by __init_subclass__
# expect-exit: 1
# expect-stderr: TypeError: B.__init_subclass__() takes no keyword arguments
class A: pass
class B(A, foo=1): pass
