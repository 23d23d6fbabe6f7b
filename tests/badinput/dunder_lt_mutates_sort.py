# badinput: __lt__ appends to the list while list.sort runs
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
class L:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        lst.append(L(0))
        return self.v < other.v
lst = [L(i) for i in range(20, 0, -1)]
lst.sort()
