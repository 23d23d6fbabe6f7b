# badinput: __len__ returning NotImplemented
# expect-exit: 1
# expect-stderr: TypeError: 'NotImplementedType' object cannot be interpreted as an integer
class A:
    def __len__(self): return NotImplemented
len(A())
