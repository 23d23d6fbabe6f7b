# badinput: __hash__ returning NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: __hash__ method should return an integer
class A:
    def __hash__(self): return NotImplemented
hash(A())
