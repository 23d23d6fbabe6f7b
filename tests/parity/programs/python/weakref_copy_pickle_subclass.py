# weakref details programs meet: copy/deepcopy return a ref itself, pickling one is refused, proxies
# cannot be weakly referenced and pass isinstance for their referent's class, a ref subclass with
# __slots__ and its own __new__ (KeyedRef's pattern), WeakKeyDictionary keys compared by __eq__ (the
# first key object stays and its death removes the entry), a WeakSet emptied while iterated,
# finalize's repr, dead refs' equality.
import weakref, copy, pickle
class A:
    def __init__(self, n=0): self.n = n
    def __repr__(self): return f"A({self.n})"
a = A(1)
r = weakref.ref(a)
print(copy.copy(r) is r, copy.deepcopy(r) is r)
d = copy.deepcopy({"r": r, "a": a})
print(d["r"] is r, d["a"] is not a)
try: pickle.dumps(r)
except TypeError as e: print(e)
p = weakref.proxy(a)
try: weakref.proxy(p)
except TypeError as e: print(e)
try: weakref.ref(p)
except TypeError as e: print(e)
print(bool(p), p.n, isinstance(p, A), p.__class__.__name__)
class MyRef(weakref.ref): pass
class MyRef2(weakref.ref):
    __slots__ = ("tag",)
    def __new__(cls, ob, tag):
        self = super().__new__(cls, ob)
        self.tag = tag
        return self
    def __init__(self, ob, tag):
        super().__init__(ob)
mr = MyRef2(a, "t")
print(mr() is a, mr.tag, isinstance(mr, weakref.ref), type(mr).__name__, mr is not r)
print(weakref.getweakrefcount(a))
class Keyed:
    def __init__(self, k): self.k = k
    def __hash__(self): return hash(self.k)
    def __eq__(self, o): return isinstance(o, Keyed) and o.k == self.k
k1 = Keyed(1)
wkd = weakref.WeakKeyDictionary()
wkd[k1] = "one"
print(wkd[Keyed(1)], Keyed(1) in wkd, Keyed(2) in wkd)
k1b = Keyed(1)
wkd[k1b] = "uno"
print(len(wkd), wkd[k1])
del k1
print(len(wkd), list(wkd.values()))
ws = weakref.WeakSet(A(i) for i in range(3))
print(len(ws))
items = [A(i) for i in range(3)]
ws2 = weakref.WeakSet(items)
seen = 0
for x in ws2:
    seen += 1
    items.clear()
del x
print(seen, len(ws2))
class B:
    def m(self): return 1
b = B()
fin = weakref.finalize(b, lambda: print("fin b"))
print(repr(fin).split(" at ")[0], fin.peek() is not None)
del b
print("alive", fin.alive)
print(weakref.ref(A()) == weakref.ref(A()), weakref.ref(a) != weakref.ref(a))
print(type(weakref.ref).__name__, weakref.ref.__module__, weakref.ref(a).__callback__)
print(weakref.WeakValueDictionary.__name__, repr(weakref.WeakSet()).startswith("<_weakrefset.WeakSet") or repr(weakref.WeakSet()))
