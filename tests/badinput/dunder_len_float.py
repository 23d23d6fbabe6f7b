# badinput: __len__ returns a float
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
class N:
    def __len__(self):
        return 2.5
len(N())
