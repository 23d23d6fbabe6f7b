# badinput: reversed() of an object with __getitem__ but no __len__: CPython treats it as a sequence and fails taking its size ("object of type 'R' has no len()"), not "'R' object is not reversible"
# expect-exit: 1
# expect-stderr: TypeError: object of type 'R' has no len()
class R:
    def __getitem__(self, i):
        return i
reversed(R())
