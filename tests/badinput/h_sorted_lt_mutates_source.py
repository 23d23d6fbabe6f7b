# badinput: sorted lt mutates source (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: [A(1), A(2), A(3), A(4), A(5)] []
class A:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        src.clear()
        return self.v < o.v
    def __repr__(self): return f"A({self.v})"
src = [A(i) for i in range(5, 0, -1)]
print(sorted(src), src)
