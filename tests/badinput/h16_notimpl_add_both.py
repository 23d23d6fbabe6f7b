# badinput: __add__ and __radd__ both return NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'A' and 'A'
class A:
    def __add__(self, o): return NotImplemented
    def __radd__(self, o): return NotImplemented
A() + A()
