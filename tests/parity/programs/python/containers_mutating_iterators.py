# Containers consumed while the consumer changes them (CPython's item-by-item list_extend and
# dict_merge), user __eq__ changing a deque under count/index/remove/in, and reprs of containers
# that hold themselves.
import collections
import math

l = [1, 2, 3]
def drain():
    for x in range(3):
        l.clear()
        yield x
l.extend(drain())
print("extend", l)

m = [1, 2, 3]
def drain_m():
    m.clear()
    yield 9
m += drain_m()
print("iadd", m)

d = {1: 1}
def pairs():
    for i in range(3):
        d.clear()
        yield (i, i)
d.update(pairs())
print("update", d)

seen = []
def watch():
    for i in range(3):
        seen.append(len(d2))
        yield (i, i)
d2 = {}
d2.update(watch())
print("update sees", seen, d2)


class Clears:
    def __init__(self, q):
        self.q = q

    def __eq__(self, other):
        self.q.clear()
        return False


for name in ("count", "index", "remove", "__contains__"):
    q = collections.deque()
    q.extend([Clears(q), Clears(q)])
    try:
        print(name, getattr(q, name)(0))
    except (RuntimeError, IndexError, ValueError) as e:
        print(name, type(e).__name__, e)

q = collections.deque([1])
q.append(q)
print(q)
od = collections.OrderedDict()
od["a"] = od
print(od)
dd = collections.defaultdict(list)
dd[1] = dd
print(dd)

print(math.fsum([0.1] * 10), math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]))
print(math.fsum([float("inf"), 1.0]), math.fsum([float("nan"), 1.0]))
for bad in ([float("inf"), float("-inf")], [1e308, 1e308]):
    try:
        print(math.fsum(bad))
    except (ValueError, OverflowError) as e:
        print(type(e).__name__, e)
for errors in ("strict", "replace", "ignore", "surrogatepass"):
    try:
        print(errors, "a\ud800b".encode("utf-8", errors))
    except UnicodeEncodeError as e:
        print(errors, type(e).__name__, e)
