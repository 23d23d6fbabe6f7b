# Ends with an uncaught KeyError from a dict lookup inside a method.
class Registry:
    def __init__(self):
        self.items = {'alpha': 1, 'beta': 2}
    def lookup(self, name):
        print("looking up", name)
        return self.items[name]
r = Registry()
total = 0
for name in ['alpha', 'beta', 'gamma', 'delta']:
    total += r.lookup(name)
    print("total", total)
print("unreachable")
