# badinput: a __round__ that raises
# expect-exit: 1
# expect-stderr: ArithmeticError: no rounding
# expect-stdout: 2 1
class X:
    def __round__(self, n=None):
        raise ArithmeticError("no rounding")
print(round(2.5), round(X.__round__ is not None))
round(X())
