# badinput: len returns float (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
class A:
    def __len__(self): return 1.5
print(len(A()))
