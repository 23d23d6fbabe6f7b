# Dict subclasses through pickle and copy with CPython's reductions: defaultdict's
# (cls, (default_factory,), None, None, items), Counter's (cls, (dict(self),)), OrderedDict's
# (cls, (), instance __dict__ or None, None, items), a program's own dict subclass through
# copyreg.__newobj__ + SETITEMS + BUILD; the pickled bytes at protocol 2 are CPython's.
import collections, copy, io, pickle
from collections import defaultdict, OrderedDict, Counter
d = defaultdict(list)
d["a"].append(1)
d["b"].append(2)
print(d.__reduce__()[:4], list(d.__reduce__()[4]))
for proto in (2, 4, 5):
    r = pickle.loads(pickle.dumps(d, protocol=proto))
    print(proto, type(r).__name__, r, r.default_factory)
print(pickle.dumps(d, protocol=2))
e = copy.deepcopy(d)
e["a"].append(3)
print(e, d, type(e).__name__)
print(copy.copy(d))
n = defaultdict(None, {1: 2})
print(pickle.loads(pickle.dumps(n, 2)), n.__reduce__()[1])
c = Counter("abracadabra")
print(c.__reduce__(), pickle.loads(pickle.dumps(c, 2)))
print(pickle.dumps(c, 2))
o = OrderedDict([(2, "x"), (1, "y")])
print(o.__reduce__()[:4], pickle.dumps(o, 2))
o.meta = 5
r = o.__reduce__()
print(r[2], pickle.loads(pickle.dumps(o, 2)).meta)
nested = defaultdict(lambda: 0)
try:
    pickle.dumps(nested)
except Exception as ex:
    print(type(ex).__name__, str(ex).split(" at 0x")[0])
class MyDict(dict):
    pass
m = MyDict(a=1)
m.tag = "t"
print(pickle.dumps(m, 2))
mm = pickle.loads(pickle.dumps(m, 2))
print(type(mm).__name__, mm, mm.tag)
