# badinput: dunder len float
# expect-exit: 1
# expect-stderr: TypeError: 'float' object cannot be interpreted as an integer
class A:
    def __len__(self):
        return 1.5
len(A())
