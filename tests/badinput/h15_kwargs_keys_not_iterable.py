# badinput: ** unpacking of an object whose keys() returns an int: CPython's "M.keys() returned a non-iterable (type int)"
# expect-exit: 1
# expect-stderr: TypeError: M.keys() returned a non-iterable (type int)
class M:
    def keys(self):
        return 5
def f(**kw):
    return kw
f(**M())
