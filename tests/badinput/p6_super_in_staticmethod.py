# badinput: super in staticmethod (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: super(): no arguments
class A:
    @staticmethod
    def f():
        return super().f()
A.f()
