# badinput: __eq__ returns an object whose __bool__ raises
# expect-exit: 1
# expect-stderr: OverflowError: bool boom
class B:
    def __bool__(self): raise OverflowError('bool boom')
class E:
    def __eq__(self, o): return B()
5 in [E()]
