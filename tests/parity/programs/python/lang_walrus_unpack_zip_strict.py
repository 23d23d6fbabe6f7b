# Assignment expressions in ifs, comprehensions and whiles; starred targets and unpacking in calls,
# literals and loops; swaps; zip(strict=True) and the unpacking ValueErrors; generator expressions.
import re
data = [1, 5, 2, 8, 3]
if (n := len(data)) > 3:
    print(f'long list {n}')
print([y for x in data if (y := x * 2) > 4], y)
first, *middle, last = data
print(first, middle, last)
(a, b), *rest = [(1, 2), 3, 4]
print(a, b, rest)
print(*data, sep='-')
merged = {**{'a': 1}, **{'b': 2}, 'c': 3}
print(merged, [*range(3), *'ab'], (*data[:2],), {*data[:3]})
def f(*args, **kwargs):
    return args, kwargs
print(f(*[1, 2], *(3,), **{'x': 1}, **{'y': 2}))
while (m := re.match(r'(\d)', '7abc')) and m.group(1) == '7':
    print('matched', m.group(0))
    break
head, *tail = 'hello'
print(head, tail)
for i, (k, v) in enumerate({'p': 1, 'q': 2}.items()):
    print(i, k, v)
x = y = z = 0
x, y = y + 1, x + 2
print(x, y, z)
lst = [1, 2, 3]
lst[0], lst[2] = lst[2], lst[0]
print(lst)
print(list(zip('ab', [1, 2], strict=True)))
try:
    list(zip('abc', [1, 2], strict=True))
except ValueError as e:
    print('ValueError', e)
try:
    list(zip('a', [1, 2], strict=True))
except ValueError as e:
    print('ValueError', e)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print('ValueError', e)
try:
    a, b, c = [1]
except ValueError as e:
    print('ValueError', e)
print([(i, j) for i in range(3) for j in range(i) if (i + j) % 2])
g = (v for v in range(5) if v % 2)
print(next(g), list(g))
print(dict(zip('abc', range(3))), {k: v for k, v in zip('ab', 'xy')}, {i % 3 for i in range(10)})
print(sum(x * x for x in range(10)), max((len(w), w) for w in ['a', 'ccc', 'bb']), any(c.isdigit() for c in 'ab1'))
