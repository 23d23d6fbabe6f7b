# badinput: a key's __eq__ clears the dict while dict.get compares it (CPython restarts the lookup and misses)
# expect-exit: 0
# expect-stdout: missing 0
class K:
    def __hash__(self): return 1
    def __eq__(self, o):
        d.clear()
        return False
d = {K(): 1}
print(d.get(K(), 'missing'), len(d))
