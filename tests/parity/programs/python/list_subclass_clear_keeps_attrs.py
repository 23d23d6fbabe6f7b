# list.clear() on an instance of a list subclass empties the items only: the instance's attributes
# (set in __init__, as torch.profiler's EventList keeps its options) stay, and the object keeps working
# as a list afterwards (extend, append, len, slicing, its own methods). The same for a dict subclass.
class Events(list):
    def __init__(self, items, tag="x"):
        super().__init__(items)
        self.tag = tag
        self.count = len(items)

    def rebuild(self, keep):
        kept = [v for v in self if keep(v)]
        self.clear()
        self.extend(kept)
        return self


e = Events([1, 2, 3, 4, 5], tag="ev")
e.rebuild(lambda v: v % 2)
print(e, e.tag, e.count, len(e), vars(e))
e.clear()
print(e, vars(e), e == [], isinstance(e, list))
e.append(9)
print(e[:], e.tag)


class Ledger(dict):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.owner = "me"


d = Ledger(a=1, b=2)
d.clear()
print(d, d.owner, vars(d))


class Holder:
    def __del__(self):
        print("released", len(box))


box = Events([Holder()])
box.clear()
print("after", len(box), box.tag)
