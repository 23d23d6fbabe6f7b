# Set operators, in-place forms, comparisons, membership, hashing of frozensets.
a = {1, 2, 3, 4}
b = {3, 4, 5, 6}
print(a | b, a & b, a - b, b - a, a ^ b)
print(a <= b, a < a, a <= a, {1} < a, a >= {1, 2}, a > a, a == {4, 3, 2, 1}, a != b)
f = frozenset([3, 4])
print(f | a, a | f, type(f | a).__name__, type(a & f).__name__)
print(f == {3, 4}, {3, 4} == f, f < a, f ^ b)
c = {1, 2}
c |= {9}
print(c)
c &= {1, 9, 10}
print(c)
c -= {1}
print(c)
c ^= {9, 7}
print(c)
g = frozenset([1])
h = g
g |= {2}
print(g, h, g is h)
print(3 in a, 7 in a, 7 not in a, (1, 2) in {(1, 2)}, None in {None, 1})
print({1} in {frozenset([1])}, frozenset([1]) in {frozenset([1]), 2})
print(2.0 in {2}, True in {1}, 1 in {True})
print(hash(frozenset()), hash(frozenset([1, 2, 3])), hash(frozenset([(1, 2), 3])))
print(hash(1), hash(-1), hash(2 ** 61), hash(1.5), hash(-2.25), hash((1, 2)), hash(()), hash((1, (2, 3))))
print(hash(True), hash(0.0), hash(1e100) == hash(1e100), hash(float("inf")))
d = {frozenset([1, 2]): "a", frozenset([3]): "b"}
print(d[frozenset([2, 1])], d[frozenset({3})])
print({frozenset([1, 2]), frozenset([2, 1]), frozenset()})
nested = {frozenset([1]), frozenset([2, 3])}
print(len(nested), frozenset([3, 2]) in nested)
total = 0
for v in {5, 10, 15}:
    total += v
print(total, sum({1, 2, 3}), max({4, 9, 2}), min({4, 9, 2}), sorted({3, 1, 2}))
print(set(map(abs, [-1, 1, -2])), set(zip([1, 2], [3, 4])))
print([1, 2] == {1, 2}, {1: 2} == {1}, {1} == frozenset({1}))
e = set()
e.add(())
e.add((0,))
e.add((0, 0))
print(e)
print({-5, 5, -6, 6, 0})
print({0.5, 1, 2.0, 3.25})
