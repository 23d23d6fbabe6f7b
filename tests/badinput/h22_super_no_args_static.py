# badinput: super() in a staticmethod
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
class A:
    @staticmethod
    def f():
        return super()
A.f()
