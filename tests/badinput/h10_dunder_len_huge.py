# badinput: dunder len huge
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
class A:
    def __len__(self):
        return 2**100
len(A())
