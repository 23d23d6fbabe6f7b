# badinput: __lt__ clears the source list during sorted(): sorted works on a copy
# expect-exit: 0
# expect-stdout: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] 0
class L:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        src.clear()
        return self.v < other.v
src = [L(i) for i in range(10, 0, -1)]
print([x.v for x in sorted(src)], len(src))
