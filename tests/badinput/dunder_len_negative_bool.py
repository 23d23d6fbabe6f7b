# badinput: __len__ returns -5 and the object is used in an if
# expect-exit: 1
# expect-stderr: ValueError: __len__() should return >= 0
class N:
    def __len__(self):
        return -5
if N():
    print("yes")
