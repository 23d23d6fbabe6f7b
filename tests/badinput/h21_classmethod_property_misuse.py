# badinput: staticmethod called via an instance missing args
# expect-exit: 1
# expect-stderr: TypeError: C.f() missing 1 required positional argument: 'a'
class C:
    @staticmethod
    def f(a): return a
C().f()
