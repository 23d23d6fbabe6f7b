# badinput: radd notimplemented (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: unsupported operand type(s) for +: 'int' and 'A'
class A:
    def __radd__(self, o):
        return NotImplemented
1 + A()
