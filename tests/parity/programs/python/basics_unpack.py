# Tuple unpacking, starred targets, swaps, nested unpacking.
a, b = 1, 2
print(a, b)
a, b = b, a
print(a, b)
a, *b = [1, 2, 3, 4]
print(a, b)
*a, b = (1, 2, 3, 4)
print(a, b)
a, *b, c = range(5)
print(a, b, c)
a, *b, c = [1, 2]
print(a, b, c)
first, *rest = "hello"
print(first, rest)
(x, y), z = (1, 2), 3
print(x, y, z)
for i, (p, q) in enumerate([(1, 'a'), (2, 'b')]):
    print(i, p, q)
for k, *vs in [(1, 2, 3), (4,), (5, 6)]:
    print(k, vs)
t = 1, 2, 3
print(t, type(t).__name__)
single = 7,
print(single, len(single))
m, n = "xy"
print(m, n)
lst = [10, 20, 30]
lst[0], lst[2] = lst[2], lst[0]
print(lst)
i = 0
i, lst[i] = 1, 99
print(i, lst)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print("ValueError:", e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print("ValueError:", e)
print([*range(3), *"ab", 9])
print((*[1, 2], 3))
u = v = w = 5
print(u, v, w)
