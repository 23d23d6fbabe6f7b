# badinput: __eq__ clears the dict during a lookup of a colliding key
# expect-exit: 1
# expect-stderr: KeyError: K
armed = False
class K:
    def __hash__(self):
        return 1
    def __eq__(self, other):
        if armed:
            d.clear()
        return False
    def __repr__(self):
        return "K"
d = {}
d[K()] = 1
d[K()] = 2
armed = True
print(d[K()])
