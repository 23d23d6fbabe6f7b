# Tuples: construction, count, index, immutability, comparison, nesting.
t = (1, 2, 3, 2, 1, 2)
print(t, len(t), t.count(2), t.count(9), t.index(3), t.index(2), t.index(2, 2), t.index(1, 1))
print(t[0], t[-1], t[1:3], t + (4,), t * 2, (0,) * 3, () * 5)
print((), (1,), (1, 2), tuple(), tuple([1]), type(()).__name__)
print((1, 2) == (1, 2), (1, 2) < (1, 3), (1,) < (1, 0), (2,) > (1, 99), () < (0,))
nested = ((1, 2), [3, 4], 'five')
nested[1].append(5)
print(nested)
try:
    t[0] = 9
except TypeError as e:
    print("TypeError:", e)
try:
    t.index(42)
except ValueError as e:
    print("ValueError:", e)
a = (1, 2)
b = a + (3,)
a += (9,)
print(a, b)
print(3 in t, 7 in t, sum(t), max(t), min(t), sorted(t), list(t))
coords = [(1, 'b'), (0, 'z'), (1, 'a')]
print(sorted(coords), max(coords), min(coords))
d = {(0, 0): 'origin', (1, 0): 'east'}
print(d[(0, 0)], d[1, 0], (1, 0) in d)
x, y = point = (3, 4)
print(x, y, point)
def minmax(seq):
    return min(seq), max(seq)
lo, hi = minmax([4, 8, 1])
print(lo, hi, minmax("hello"))
for i, (a, b) in enumerate(zip((1, 2), ('x', 'y'))):
    print(i, a, b)
print(tuple(x * 2 for x in t), tuple('hey'), tuple(range(0)))
