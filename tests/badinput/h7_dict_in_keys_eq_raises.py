# badinput: `in d.keys()` where __eq__ raises
# expect-exit: 1
# expect-stderr: AttributeError: eq attr
class K:
    def __hash__(self): return 1
    def __eq__(self, o): raise AttributeError('eq attr')
d = {K(): 1}
K() in d.keys()
