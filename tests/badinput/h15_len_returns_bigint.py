# badinput: __len__ returning 2**64: "cannot fit 'int' into an index-sized integer"
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
class L:
    def __len__(self):
        return 2**64
len(L())
