# badinput: sort lt appends (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: list modified during sort
class A:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        lst.append(A(0))
        return self.v < o.v
lst = [A(i) for i in range(10, 0, -1)]
lst.sort()
