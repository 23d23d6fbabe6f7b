# badinput: __len__ returning 2**63
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
class L:
    def __len__(self): return 2**63
len(L())
