# badinput: __len__ returns -1
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
class N:
    def __len__(self):
        return -1
len(N())
