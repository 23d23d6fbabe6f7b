# badinput: __len__ returns an object with __index__
# expect-exit: 0
# expect-stdout: 3
class I:
    def __index__(self): return 3
class L:
    def __len__(self): return I()
print(len(L()))
