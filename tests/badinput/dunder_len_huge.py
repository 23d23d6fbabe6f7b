# badinput: __len__ returns 2**100
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
class N:
    def __len__(self):
        return 2**100
len(N())
