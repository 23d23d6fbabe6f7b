# collections.OrderedDict subclasses: construction, update, copy, | and |= put items in through
# self[key] = value (a subclass's __setitem__ sees each) and never call an overridden update(), as
# CPython's C OrderedDict; copy() calls the class without arguments; copy.copy/deepcopy/pickle go
# through __reduce__; argument-count and pair errors. (fairseq MetersDict, Hugging Face ModelOutput)
from collections import OrderedDict
import copy, pickle
class Logged(OrderedDict):
    def __setitem__(self, k, v):
        print("set", k, v)
        super().__setitem__(k, v)
    def update(self, *a, **k):
        print("update called")
        super().update(*a, **k)
l = Logged([("a", 1)], b=2)
print(l)
l2 = Logged({"x": 1})
l3 = Logged(l2)
print("-- update")
l.update({"c": 3}, d=4)
l.update([("e", 5)])
print("-- copy")
c = l.copy()
print(type(c).__name__, c)
print("-- copy.copy")
print(copy.copy(l))
print("-- deepcopy")
print(copy.deepcopy(l))
print("-- pickle")
print(pickle.loads(pickle.dumps(l)))
print("-- or")
print(l | {"z": 0}, type(l | {"z": 0}).__name__)
print({"q": 1} | OrderedDict(r=2), type({"q": 1} | OrderedDict(r=2)).__name__)
o = OrderedDict(a=1); o |= {"b": 2}; print(o)
class KeysOnly:
    def keys(self): return ["k1", "k2"]
    def __getitem__(self, k): return k.upper()
print(OrderedDict(KeysOnly()))
try:
    OrderedDict({}, {})
except TypeError as e:
    print("TypeError:", e)
try:
    OrderedDict().update({}, {})
except TypeError as e:
    print("TypeError:", e)
try:
    OrderedDict([(1, 2, 3)])
except ValueError as e:
    print("ValueError:", e)
class NoArgInit(OrderedDict):
    def __init__(self):
        super().__init__()
        self.tag = "x"
n = NoArgInit(); n["k"] = 1
print(n.copy(), n.copy().tag)
