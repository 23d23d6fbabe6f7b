# Slices compare and hash by value (CPython's slice_richcompare and 3.12's slice_hash): equal slices
# built apart are ==, order as their (start, stop, step) tuples, and find each other as dict keys and
# set members; comparing mismatched bounds is the tuple comparison's TypeError. Kiln compared slices
# by identity (a slice rebuilt by torch.load, or a dict of slice keys, never matched).
a = slice(1, 2)
b = slice(*[1, 2])
print(a == b, a != b, a == slice(1, 2, 1), a == (1, 2), a is b)
print(slice(1, 2) < slice(1, 3), slice(0, 9) < slice(1, 0), slice(1, 2, 1) >= slice(1, 2, 1))
print(sorted([slice(3, 1), slice(1, 9), slice(1, 2)]))
print(hash(a) == hash(b), hash(slice(1, 2, 3)), hash(slice(-5, 2 ** 40, 7)), hash(slice(1.5, 2, 3)))
d = {a: "first"}
d[b] = "second"
print(len(d), d[slice(1, 2)], slice(1, 2) in {b}, len({slice(i % 2, 3) for i in range(6)}))
try:
    print(slice(None, 1) < slice(1, 2))
except TypeError as e:
    print("TypeError", e)
try:
    hash(slice([1], 2))
except TypeError as e:
    print("TypeError", e)
