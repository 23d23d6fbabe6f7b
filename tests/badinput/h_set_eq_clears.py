# badinput: set eq clears (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 1
s = set()
class K:
    def __hash__(self): return 1
    def __eq__(self, o):
        s.clear()
        return False
s.add(K()); s.add(K()); s.add(K())
print(len(s))
