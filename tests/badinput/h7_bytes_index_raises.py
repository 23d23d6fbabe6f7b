# badinput: bytes() of an object whose __index__ raises
# expect-exit: 1
# expect-stderr: ValueError: idx
class I:
    def __index__(self): raise ValueError('idx')
bytes(I())
