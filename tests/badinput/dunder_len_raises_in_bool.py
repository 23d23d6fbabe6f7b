# badinput: dunder len raises in bool (issue 31 sweep)
# expect-exit: 1
# expect-stderr: KeyError: 'boom'
class L:
    def __len__(self): raise KeyError('boom')
if L(): pass
