# badinput: a property recursing 900 levels runs (CPython inlines property getters)
# expect-exit: 0
# expect-stdout: 900
class Node:
    def __init__(self, nxt): self.nxt = nxt
    @property
    def length(self):
        return 1 if self.nxt is None else 1 + self.nxt.length
n = None
for i in range(900):
    n = Node(n)
print(n.length)
