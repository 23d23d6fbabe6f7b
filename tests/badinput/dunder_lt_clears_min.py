# badinput: dunder lt clears min (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: max() iterable argument is empty
class E:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        l.clear()
        return self.v < o.v
l = [E(3), E(1), E(2)]
print(min(l).v, max(l).v, len(l))
