# WeakValueDictionary, WeakKeyDictionary and WeakSet drop an entry when its object is freed: a cache
# of live objects, attributes attached to objects without keeping them, a registry of listeners.
# Iterating walks the entries alive at the time; entries whose object dies meanwhile are skipped.
import weakref


class Obj:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return f"Obj({self.n})"


cache = weakref.WeakValueDictionary()
x, y = Obj(1), Obj(2)
cache["x"] = x
cache["y"] = y
print(sorted(cache.keys()), len(cache), "x" in cache, cache["x"])
del x
print(sorted(cache.keys()), len(cache), cache.get("x"), "x" in cache)
try:
    cache["x"]
except KeyError as e:
    print("KeyError", e)
cache["z"] = Obj(3)  # nothing else holds it
print(sorted(cache), list(cache.items()), list(cache.values()))
print(cache.setdefault("y", None) is y, cache.pop("y") is y, len(cache))
try:
    cache.pop("nope")
except KeyError as e:
    print("KeyError", e)
print(cache.pop("nope", "default"))
objs = [Obj(i) for i in range(5)]
c2 = weakref.WeakValueDictionary((i, o) for i, o in enumerate(objs))
seen = []
for k in c2.keys():
    seen.append(k)
    if k == 1:
        del objs[:]  # the rest die during the iteration
print("seen", seen, "left", len(c2))
u = Obj(9)
c3 = weakref.WeakValueDictionary(a=u)
c3.update({"b": u})
print(sorted(c3.items()), c3.copy()["a"] is u)

attrs = weakref.WeakKeyDictionary()
a, b = Obj(1), Obj(2)
attrs[a] = "first"
attrs[b] = "second"
print(len(attrs), attrs[a], a in attrs, Obj(1) in attrs)
del a
print(len(attrs), list(attrs.values()), list(attrs.keys()))
try:
    attrs[1] = 2
except TypeError as e:
    print(e)
print(attrs.setdefault(b, "x"), attrs.pop(b), len(attrs))

listeners = weakref.WeakSet()
l1, l2 = Obj("l1"), Obj("l2")
listeners.add(l1)
listeners.add(l2)
listeners.add(Obj("temp"))
print(len(listeners), l1 in listeners, sorted(o.n for o in listeners))
del l1
print(len(listeners), [o.n for o in listeners])
listeners.discard(l2)
print(len(listeners))
try:
    listeners.add([])
except TypeError as e:
    print(e)
ws = weakref.WeakSet([l2])
print(len(ws | weakref.WeakSet()), l2 in ws.copy())
