# copy.deepcopy of objects holding bound methods: the method is rebound to the copy of its object
# (CPython's copy module), as when a model whose hook table holds `self._hook` is deep-copied for an
# EMA/teacher network (probe 3: lucidrains/vit-pytorch Dino and BYOL-style wrappers).
import copy


class Net:
    def __init__(self):
        self.hooks = {0: self.record}
        self.seen = []

    def record(self, x):
        self.seen.append(x)
        return len(self.seen)


a = Net()
b = copy.deepcopy(a)
print(b.hooks[0].__self__ is b, b.hooks[0].__func__ is Net.record)
print(b.hooks[0](5), a.seen, b.seen)
m = copy.deepcopy(a.record)
print(type(m).__name__, m.__self__ is a, m(1), a.seen)
print(copy.copy(a.record) == a.record, copy.copy(a.record).__self__ is a)
memo = {}
c = copy.deepcopy([a, a.record], memo)
print(c[1].__self__ is c[0])
