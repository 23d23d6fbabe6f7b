# Dict iteration order, re-insertion, nested dicts, iterating keys/values/items.
d = {}
for k in ['zeta', 'alpha', 'mid', 'beta']:
    d[k] = len(k)
print(d, list(d))
for k in d:
    print("key", k, d[k])
for k, v in d.items():
    print("item", k, v)
for v in d.values():
    print("value", v, end=" ")
print()
for k in d.keys():
    print("k", k, end=",")
print()
d['alpha'] = 99
print(list(d))
del d['zeta']
d['zeta'] = 0
print(list(d), d)
print(sorted(d), sorted(d.items()), sorted(d, key=lambda k: d[k]))
print(sorted(d.items(), key=lambda kv: kv[1], reverse=True))
print(max(d, key=lambda k: d[k]), min(d.values()), sum(d.values()))
inventory = {'fruit': {'apple': 3, 'pear': 0}, 'veg': {'leek': 2}}
for cat, items in inventory.items():
    for name, qty in items.items():
        print(cat, name, qty, "in stock" if qty else "sold out")
inventory['veg']['kale'] = 5
print(inventory)
print(len(inventory), len(inventory['fruit']), 'leek' in inventory['veg'])
keys = list(d.keys())
for k in keys:
    if d[k] > 3:
        del d[k]
print(d)
m = dict(enumerate('abc'))
print(m, list(m.items())[::-1])
print(dict(zip(m.values(), m.keys())))
