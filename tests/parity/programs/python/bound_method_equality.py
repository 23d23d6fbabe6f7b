# Bound methods are equal when they bind the same object to the same function (CPython 3.8+ compares
# the receiver by identity), so `hook in hooks`, list.remove(obj.method) and methods as dict keys work.
class Counter:
    def __init__(self, n):
        self.n = n

    def step(self):
        self.n += 1

    def other(self):
        pass


a, b = Counter(1), Counter(1)
print(a.step == a.step, a.step != a.step, a.step is a.step)
print(a.step == b.step, a == a, a.step == a.other)
print(hash(a.step) == hash(a.step))
callbacks = [a.step, b.step]
print(a.step in callbacks, callbacks.index(b.step))
callbacks.remove(a.step)
print(len(callbacks), callbacks[0] == b.step)
table = {a.step: "a", b.step: "b"}
print(table[a.step], table.get(b.step), len(table), Counter(2).step in table)
lst = [1, 2]
print(lst.append == lst.append, lst.append == [1, 2].append, lst.append != lst.pop)
print({lst.append: 1}.get(lst.append), {"x": 1}.get == {"x": 1}.get)
print(Counter.step == Counter.step, a.step.__func__ is Counter.step)
