# badinput: dict.update with an object whose keys() returns an int: CPython's "M.keys() returned a non-iterable (type int)", not "'int' object is not iterable"
# expect-exit: 1
# expect-stderr: TypeError: M.keys() returned a non-iterable (type int)
class M:
    def keys(self):
        return 5
    def __getitem__(self, k):
        return 1
{}.update(M())
