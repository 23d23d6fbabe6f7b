# reversed() of a dict and of its keys/values/items views (Python 3.8+): the entries from the last
# inserted back, live over the dict, with CPython's iterator type names and its error when the dict
# changes size while one runs.
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
d["d"] = 4
d["a"] = 10
print(list(reversed(d)), list(reversed(d.keys())))
print(list(reversed(d.values())), list(reversed(d.items())))
for it in (reversed(d), reversed(d.keys()), reversed(d.values()), reversed(d.items())):
    print(type(it).__name__)
print(list(reversed({})), list(reversed({}.items())))

# a stack of (name, child) pairs walked in order, as module-tree walkers do
tree = {"root": {"x": {}, "y": {"z": {}}}}
stack = list(reversed(tree.items()))
order = []
while stack:
    name, children = stack.pop()
    order.append(name)
    stack += [(k, v) for k, v in reversed(children.items())]
print(order)

it = reversed(d.items())
print(next(it))
d["e"] = 5
try:
    next(it)
except RuntimeError as e:
    print("RuntimeError:", e)

it = reversed(d)
d["a"] = -1  # no size change: the walk goes on
print(list(it))
rit = reversed(d.values())
print(next(rit), list(rit))
