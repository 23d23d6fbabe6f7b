# badinput: pow(a, b, c) with __pow__ returning NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for ** or pow(): 'A', 'int', 'int'
class A:
    def __pow__(self, o, m=None): return NotImplemented
pow(A(), 2, 3)
