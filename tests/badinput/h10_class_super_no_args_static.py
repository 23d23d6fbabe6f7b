# badinput: class super no args static
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
class A:
    @staticmethod
    def f():
        return super().f()
A.f()
