# badinput: a key's __eq__ raises inside dict.pop: the error propagates, the dict is unchanged
# expect-exit: 0
# expect-stdout: caught eq boom 1
class K:
    def __hash__(self): return 7
    def __eq__(self, o): raise ValueError('eq boom')
d = {K(): 1}
try:
    d.pop(K())
except ValueError as e:
    print('caught', e, len(d))
