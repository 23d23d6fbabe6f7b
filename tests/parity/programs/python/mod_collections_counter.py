# collections.Counter: counting, most_common, update/subtract, arithmetic, elements, comparisons, repr.
from collections import Counter

words = 'the quick brown fox jumps over the lazy dog the end fox'.split()
c = Counter(words)
print(c)
print(c['the'], c['fox'], c['missing'], 'missing' in c, len(c))
print(c.most_common(3), c.most_common(0), c.most_common()[-2:])
c.update(['fox', 'cat'])
c.update({'dog': 5})
print(c.most_common(4), c.total())
c.subtract(the=3, cat=2)
print(c['the'], c['cat'], c)
letters = Counter('abracadabra')
print(letters, sorted(letters.elements()), letters.most_common(2))
print(Counter(a=3, b=1), Counter({'x': 2, 'y': 0}), Counter())
a = Counter(a=3, b=1, c=0)
b = Counter(a=1, b=2, d=4)
print(a + b, a - b, b - a)
print(a | b, a & b, +Counter(x=2, y=-1, z=0), -Counter(x=2, y=-1))
a2 = Counter(a=2, b=2)
a2 += Counter(a=1, b=-5)
print(a2)
a3 = Counter(k=5)
a3 -= Counter(k=2, j=1)
print(a3)
print(Counter(a=1) == Counter(a=1, b=0), Counter(a=1) <= Counter(a=2), Counter(a=3) < Counter(a=2), Counter(a=1) == {'a': 1})
del c['nothing-here']
del c['the']
print('the' in c, list(c)[:3], list(c.keys())[:2], sorted(c.values())[:3], sorted(c.items())[:2])
print(dict(Counter('aab')), c.get('fox'), c.get('zzz', -1), c.pop('fox'), c.setdefault('new', 7))
inventory = Counter()
for item, n in [('apple', 3), ('pear', 1), ('apple', 2)]:
    inventory[item] += n
print(inventory, inventory.copy() == inventory, type(inventory.copy()).__name__)
try:
    Counter.fromkeys('abc')
except NotImplementedError as e:
    print('NotImplementedError', e)
