# collections.OrderedDict and defaultdict: order operations, factories, reprs, equality, errors.
from collections import OrderedDict, defaultdict, ChainMap

od = OrderedDict()
od['b'] = 2
od['a'] = 1
od['c'] = 3
print(od, list(od), list(od.keys()), list(od.values()), list(od.items()))
od.move_to_end('b')
print(od)
od.move_to_end('b', last=False)
print(od, od.popitem(), od.popitem(last=False), od)
print(OrderedDict([('x', 1), ('y', 2)]) == OrderedDict([('y', 2), ('x', 1)]), OrderedDict(x=1, y=2) == {'y': 2, 'x': 1})
print(OrderedDict(), OrderedDict.fromkeys('abc', 0), list(reversed(OrderedDict.fromkeys('xyz'))))
o2 = OrderedDict(a=1)
o2.update([('b', 2)], c=3)
o2.setdefault('d', 4)
print(o2, o2.copy(), o2.get('zz'), len(o2), 'a' in o2, o2.pop('a'), o2)
for f in [lambda: OrderedDict().popitem(), lambda: o2.move_to_end('missing'), lambda: o2['missing']]:
    try:
        f()
    except KeyError as e:
        print('KeyError', e)

dd = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3)]:
    dd[k].append(v)
print(dd, dd['a'], dict(dd), len(dd))
print(dd['new'], 'new' in dd, dd.get('other'), 'other' in dd)
counts = defaultdict(int)
for ch in 'mississippi':
    counts[ch] += 1
print(counts, sorted(counts.items()))
nested = defaultdict(lambda: defaultdict(int))
nested['x']['y'] += 2
print(nested['x']['y'], dict(nested['x']))
none_dd = defaultdict()
print(none_dd, none_dd.default_factory)
try:
    none_dd['k']
except KeyError as e:
    print('KeyError', e)
sets = defaultdict(dict, {'pre': {'k': 1}})
print(sets, sets.default_factory is dict, sets.copy())
try:
    defaultdict(5)
except TypeError as e:
    print('TypeError', e)

base = {'color': 'red', 'size': 1}
override = {'size': 2}
cm = ChainMap(override, base)
print(cm['size'], cm['color'], len(cm), sorted(cm), 'color' in cm, cm.get('nope', 0))
child = cm.new_child({'size': 3})
print(child['size'], child.parents['size'], cm)
cm['extra'] = True
print(override, base)
