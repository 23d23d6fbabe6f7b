# badinput: __index__ returning a bool subclass of int is accepted
# expect-exit: 0
# expect-stdout: 20
class I:
    def __index__(self): return True
print([10, 20][I()])
