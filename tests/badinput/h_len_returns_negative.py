# badinput: len returns negative (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
class A:
    def __len__(self): return -1
print(len(A()))
