# badinput: __iadd__ returning NotImplemented falls back to __add__
# expect-exit: 0
# expect-stdout: added
class A:
    def __iadd__(self, o): return NotImplemented
    def __add__(self, o): return "added"
a = A()
a += 1
print(a)
