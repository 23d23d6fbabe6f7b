# badinput: max gt mutates (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: A(3) []
class A:
    def __init__(self, v): self.v = v
    def __gt__(self, o):
        lst.clear(); return self.v > o.v
    def __lt__(self, o):
        lst.clear(); return self.v < o.v
    def __repr__(self): return f"A({self.v})"
lst = [A(1), A(3), A(2)]
print(max(lst), lst)
