# badinput: __lt__ returning NotImplemented in sorted
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'A' and 'A'
class A:
    def __lt__(self, o): return NotImplemented
sorted([A(), A()])
