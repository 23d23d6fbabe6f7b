# badinput: @ between objects whose methods return NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for @: 'A' and 'B'
class A:
    def __matmul__(self, o): return NotImplemented
class B:
    def __rmatmul__(self, o): return NotImplemented
A() @ B()
