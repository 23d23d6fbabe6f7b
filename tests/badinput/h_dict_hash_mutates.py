# badinput: dict hash mutates (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 1
d = {}
class K:
    def __hash__(self):
        d.clear()
        return 1
    def __eq__(self, o): return True
for i in range(5): d[i] = i
d[K()] = 5
print(len(d))
