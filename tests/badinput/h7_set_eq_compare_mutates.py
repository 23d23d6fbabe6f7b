# badinput: set == set where an element's __eq__ clears the other set
# expect-exit: 0
# expect-stdout: False 0
class K:
    def __init__(self, v): self.v = v
    def __hash__(self): return 3
    def __eq__(self, o):
        b.clear()
        return True
a = {K(1)}
b = {K(2)}
print(a == b, len(b))
