# badinput: __contains__ returning NotImplemented: its truth value (DeprecationWarning) is True
# expect-exit: 0
# expect-stdout: True
class A:
    def __contains__(self, x): return NotImplemented
print(1 in A())
