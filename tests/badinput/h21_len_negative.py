# badinput: __len__ returning -1
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
class A:
    def __len__(self): return -1
len(A())
