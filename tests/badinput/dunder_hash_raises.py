# badinput: __hash__ raises while the object becomes a dict key
# expect-exit: 1
# expect-stderr: ArithmeticError: no hash for you
class H:
    def __hash__(self):
        raise ArithmeticError("no hash for you")
d = {}
d[H()] = 1
