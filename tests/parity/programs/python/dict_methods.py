# dict methods: get, items, keys, values, pop, setdefault, update, copy, in, del.
d = {'a': 1, 'b': 2}
d['c'] = 3
print(d, len(d), d['a'], d.get('b'), d.get('zz'), d.get('zz', 0))
print(list(d.keys()), list(d.values()), list(d.items()))
print('a' in d, 'z' in d, 1 in d, 'a' not in d)
print(d.pop('a'), d, d.pop('zz', 'default'), d.pop('zz', None))
print(d.setdefault('b', 100), d.setdefault('n', []), d)
d.setdefault('n', []).append(5)
d.setdefault('n', []).append(6)
print(d)
d.update({'b': 20, 'x': 0})
d.update(y=1, b=21)
d.update([('p', 'q')])
print(d)
c = d.copy()
c['new'] = True
c['n'].append(7)
print(d)
print(c)
del c['new']
print(c == d, c is d, {} == {}, {'a': 1} == {'a': 1.0}, {'a': 1, 'b': 2} == {'b': 2, 'a': 1})
d['b'] += 1
print(d['b'])
groups = {}
for word in ['apple', 'avocado', 'banana', 'blueberry', 'cherry']:
    groups.setdefault(word[0], []).append(word)
print(groups)
counts = {}
for ch in "mississippi":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
print(dict(a=1, b=[2]), dict([(1, 'one'), (2, 'two')]), dict(zip('xy', (10, 20))))
e = {}
print(len(e), bool(e), e.get('k'), list(e.items()))
e[1] = 'int key'
e[1.0] = 'float key same slot'
e[True] = 'bool key same slot'
e[(1, 2)] = 'tuple'
e[None] = 'none'
print(e)
d.clear()
print(d, len(d))
try:
    print(counts['z'])
except KeyError as err:
    print("KeyError:", err, err.args)
print({'k': 1}.items(), {'k': 1}.keys(), {'k': 1}.values())
