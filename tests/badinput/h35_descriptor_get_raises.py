# badinput: Python misuse: descriptor get raises
# expect-exit: 1
# expect-stderr: KeyError: 'nope'
class D:
    def __get__(self, obj, typ):
        raise KeyError("nope")
class C:
    x = D()
C().x
