# badinput: len returns huge (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
class A:
    def __len__(self): return 2**64
print(len(A()))
