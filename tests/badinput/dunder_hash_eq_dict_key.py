# badinput: a user __hash__/__eq__ pair decides dict-key equality
# expect-exit: 0
# expect-stdout: 1 uno False True
class P:
    def __init__(self, x):
        self.x = x
    def __hash__(self):
        return hash(self.x)
    def __eq__(self, other):
        return isinstance(other, P) and self.x == other.x
d = {P(1): "one"}
d[P(1)] = "uno"
print(len(d), d[P(1)], P(2) in d, P(1) in {P(1)})
