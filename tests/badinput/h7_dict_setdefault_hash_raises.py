# badinput: __hash__ raising inside dict.setdefault
# expect-exit: 1
# expect-stderr: KeyError: 'no hash'
class K:
    def __hash__(self): raise KeyError('no hash')
d = {}
d.setdefault(K(), 1)
