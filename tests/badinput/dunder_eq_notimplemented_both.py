# badinput: both sides' __eq__ return NotImplemented: identity decides
# expect-exit: 0
# expect-stdout: True False True
class A:
    def __eq__(self, other):
        return NotImplemented
a = A()
print(a == a, a == A(), a != A())
