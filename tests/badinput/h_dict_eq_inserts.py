# badinput: dict eq inserts (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 52
d = {}
class K:
    def __init__(self, n): self.n = n
    def __hash__(self): return 7
    def __eq__(self, o):
        for i in range(50): d[("x", i)] = i
        return False
d[K(1)] = 1
d[K(2)] = 2
print(len(d))
