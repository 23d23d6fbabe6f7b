# badinput: __repr__ returns None
# expect-exit: 1
# expect-stderr: TypeError: __repr__ returned non-string (type NoneType)
class S:
    def __repr__(self):
        return None
repr(S())
