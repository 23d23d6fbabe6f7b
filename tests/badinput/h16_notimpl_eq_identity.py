# badinput: __eq__ returning NotImplemented falls back to identity
# expect-exit: 0
# expect-stdout: True False True 1
class A:
    def __eq__(self, o): return NotImplemented
a = A()
print(a == a, a == A(), a != A(), [a].count(a))
