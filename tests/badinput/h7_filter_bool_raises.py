# badinput: filter(None) where __bool__ raises
# expect-exit: 1
# expect-stderr: KeyError: 'bool'
class B:
    def __bool__(self): raise KeyError('bool')
list(filter(None, [B()]))
