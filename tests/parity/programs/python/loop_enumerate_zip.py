# enumerate with start, zip of 3 and unequal iterables, range variants, iterating strings/tuples.
names = ['ann', 'bob', 'cy']
ages = [31, 25, 40, 99]
cities = ('oslo', 'rome', 'lima')
for i, name in enumerate(names):
    print(i, name)
for i, name in enumerate(names, start=1):
    print(i, name)
for i, name in enumerate(names, 10):
    print(i, name)
print(list(enumerate('ab')), list(enumerate([], 5)))
for n, a, c in zip(names, ages, cities):
    print(n, a, c)
print(list(zip(names, ages)), list(zip(names, 'xy')), list(zip()), list(zip([1, 2])))
print(list(zip(range(5), 'abc', [True, False])))
print(dict(zip(names, ages)))
for i, (n, a) in enumerate(zip(names, ages), start=1):
    print(i, n, a)
pairs = [(1, 'one'), (2, 'two'), (3, 'three')]
nums, words = zip(*pairs)
print(nums, words)
print(list(range(5)), list(range(2, 8)), list(range(0, 10, 4)), list(range(5, 0, -1)), list(range(-3, 3)))
print(list(range(0, -10, -3)), list(range(3, 3)), list(range(5, 1)), len(range(0, 100, 7)))
r = range(10, 20, 3)
print(r[0], r[-1], len(r), 13 in r, 14 in r, list(r))
for ch in "hi!":
    print("char", ch)
for item in (1, 'two', 3.0, None):
    print("item", repr(item))
for a, b in [[1, 2], (3, 4), "xy"]:
    print("ab", a, b)
total = 0
for i in range(1, 101):
    total += i
print(total)
for idx in range(len(names) - 1, -1, -1):
    print(idx, names[idx])
for name, age in sorted(zip(names, ages), key=lambda p: p[1]):
    print(name, age)
for ch in "abc":
    pass
print("loop var after loop:", ch)
