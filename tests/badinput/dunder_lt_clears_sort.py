# badinput: __lt__ clears the list while list.sort runs (the list is empty during a sort, as in CPython)
# expect-exit: 0
# expect-stdout: [1, 2, 3, 4, 5] 30
class L:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        lst.clear()
        return self.v < other.v
lst = [L(i) for i in range(30, 0, -1)]
lst.sort()
print([x.v for x in lst][:5], len(lst))
