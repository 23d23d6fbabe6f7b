# badinput: __lt__ raises in the middle of list.sort: the list keeps all its items
# expect-exit: 0
# expect-stdout: caught boom 8 True
class L:
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        if self.v == 3:
            raise ArithmeticError("boom")
        return self.v < other.v
lst = [L(i) for i in range(8)]
try:
    lst.sort()
except ArithmeticError as e:
    print("caught", e, len(lst), sorted(x.v for x in lst) == list(range(8)))
