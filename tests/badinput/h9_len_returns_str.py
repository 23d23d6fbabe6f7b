# badinput: __len__ returns a string
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
class A:
    def __len__(self):
        return 'three'
len(A())
