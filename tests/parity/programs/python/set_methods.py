# Every set method, with results printed in CPython's order.
s = {1, 2, 3}
s.add(4)
s.add(2)
print(s)
s.discard(10)
s.discard(1)
print(s)
s.remove(4)
print(s)
try:
    s.remove(99)
except KeyError as e:
    print("KeyError", e)
c = s.copy()
c.add(50)
print(s, c)
print(s.union([7, 8], (9,)), s.union())
print({1, 2, 3, 4}.intersection({2, 3, 5}), {1, 2, 3}.intersection([3, 2, 2], range(3)))
print({1, 2, 3, 4}.difference({2}), {1, 2, 3, 4}.difference([1], [4]))
print({1, 2, 3}.symmetric_difference({3, 4, 5}), {1, 2}.symmetric_difference([2, 2, 6]))
u = {1, 2}
u.update([3, 4], {5})
print(u)
u.intersection_update({1, 3, 5, 7}, [1, 5])
print(u)
u = {1, 2, 3, 4, 5, 6}
u.difference_update([2, 4], {6})
print(u)
u.symmetric_difference_update({5, 9, 11})
print(u)
print({1, 2}.issubset({1, 2, 3}), {1, 4}.issubset([1, 2, 3]), set().issubset(set()))
print({1, 2, 3}.issuperset({1}), {1}.issuperset([1, 2]), {1, 2}.isdisjoint({3}), {1, 2}.isdisjoint([2]))
p = {5, 6, 7}
out = []
while p:
    out.append(p.pop())
print(out, p)
q = {10, 3, 7, 100}
print(q.pop(), q.pop(), q)
q.clear()
print(q, len(q))
fs = frozenset([1, 2, 3])
print(fs.union({4}), fs.intersection([2]), fs.difference({1}), fs.symmetric_difference({3, 9}))
print(fs.copy() is fs, fs.issubset({1, 2, 3, 4}), fs.issuperset([1]), fs.isdisjoint(set()))
print(set.union({1}, {2}), frozenset.union(fs, [0]))
z = {0, 1}
z.update(range(50, 60))
print(z)
for i in range(50, 58):
    z.discard(i)
print(z)
z.add(100)
print(z)
print(sorted(z, reverse=True))
w = set()
for i in [64, 0, 128, 8, 72]:
    w.add(i)
print(w)
w.remove(0)
w.add(192)
print(w, w.pop(), w)
