# badinput: sorted cmp inconsistent (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 200 True
import random
random.seed(1)
class E:
    def __init__(self, v): self.v = v
    def __lt__(self, o): return random.random() < 0.5
r = sorted([E(i) for i in range(200)])
print(len(r), sorted(e.v for e in r) == list(range(200)))
