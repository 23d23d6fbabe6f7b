# badinput: Python misuse: len negative
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
class C:
    def __len__(self):
        return -1
len(C())
