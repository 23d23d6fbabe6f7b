# badinput: dunder lt mutates bisect (issue 31 sweep)
# expect-exit: 1
# expect-stderr: IndexError: list index out of range
import bisect
class E:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        a.clear()
        return False
a = [E(1), E(2), E(3)]
print(bisect.bisect_left(a, E(2)))
