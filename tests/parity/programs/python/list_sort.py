# sorted with key= and reverse=, stability, min/max with key/default, reversed.
data = [5, 3, 8, 1, 9, 2]
print(sorted(data), sorted(data, reverse=True), data)
print(sorted([]), sorted('banana'), sorted((3, 1, 2)), sorted({'b': 1, 'a': 2}))
people = [('alice', 30), ('bob', 25), ('carol', 30), ('dave', 25), ('eve', 35)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: p[1], reverse=True))
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(sorted(people))
print(sorted(['b', 'A', 'c', 'B'], key=lambda s: s.lower()), sorted(['b', 'A', 'c', 'B']))
print(sorted([-3, 2, -1, 4], key=abs), sorted([-3, 2, -1, 4], key=abs, reverse=True))
print(sorted([[2, 'b'], [1, 'z'], [2, 'a']]), sorted([0.5, -1, 2, 1.5]))
print(sorted(['aa', 'b', 'ccc', 'dd'], key=len), sorted(['aa', 'b', 'ccc', 'dd'], key=len, reverse=True))
print(min(data), max(data), min(3, 1, 2), max('a', 'c', 'b'), min([4, 5], [4, 3]))
print(min(people, key=lambda p: p[1]), max(people, key=lambda p: p[1]))
print(max(['x', 'yyy', 'zz'], key=len), min(['x', 'yyy', 'zz', 'w'], key=len))
print(min([], default='empty'), max([], default=None), max([7], default=0), min([], key=len, default=-1))
print(max(1, 2.5, -3), min(True, 0.5), max([1, 2], [1, 2, 0]))
print(list(reversed(data)), list(reversed(range(5))), list(reversed('abc')), list(reversed((1, 2))))
print(list(reversed(range(10, 0, -3))), list(reversed([])))
for i in reversed(range(3)):
    print("rev", i)
s = sorted(data)
print(s is data, s == sorted(data))
try:
    sorted([1, 'a'])
except TypeError as e:
    print("TypeError:", e)
try:
    min([])
except ValueError as e:
    print("ValueError:", e)
