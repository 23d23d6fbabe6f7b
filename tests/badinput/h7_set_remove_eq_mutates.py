# badinput: __eq__ adds to the set during set.remove (CPython restarts the probe; no crash)
# expect-exit: 0
# expect-stdout: KeyError 0
class K:
    def __hash__(self): return 5
    def __eq__(self, o):
        s.clear()
        return True
s = {K()}
try:
    s.remove(K())
except KeyError:
    print('KeyError', len(s))
