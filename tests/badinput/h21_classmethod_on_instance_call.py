# badinput: calling an unbound method without self
# expect-exit: 1
# expect-stderr: TypeError: A.f() missing 1 required positional argument: 'self'
class A:
    def f(self): pass
A.f()
