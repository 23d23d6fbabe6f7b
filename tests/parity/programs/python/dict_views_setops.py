# Set-like dict views (keys/items) and PEP 584 dict union, as minGPT's configure_optimizers and
# config-merging code use them; str.format_map.
d = {'a': 1, 'b': 2, 'c': 3}
s = {'a', 'z'}


def show(label, f):
    try:
        r = f()
        print(label, sorted(r) if isinstance(r, (set, frozenset)) else r)
    except Exception as e:
        print(label, type(e).__name__, e)


show("keys - set", lambda: d.keys() - s)
show("keys & set", lambda: d.keys() & s)
show("keys | set", lambda: d.keys() | s)
show("keys ^ set", lambda: d.keys() ^ s)
show("set - keys", lambda: s - d.keys())
show("set & keys", lambda: s & d.keys())
show("list - keys", lambda: ['a', 'q'] - d.keys())
show("keys - list", lambda: d.keys() - ['a', 'q'])
show("items & set", lambda: d.items() & {('a', 1), ('b', 9)})
show("keys == set", lambda: d.keys() == {'a', 'b', 'c'})
show("keys == list", lambda: d.keys() == ['a', 'b', 'c'])
show("keys != set", lambda: d.keys() != {'a'})
show("keys <= set", lambda: d.keys() <= {'a', 'b', 'c', 'd'})
show("keys < keys", lambda: {'a': 0}.keys() < d.keys())
show("isdisjoint", lambda: d.keys().isdisjoint(s))
show("isdisjoint list", lambda: d.keys().isdisjoint(['x', 'y']))
show("keys - 5", lambda: d.keys() - 5)
show("type", lambda: type(d.keys() - s).__name__)
show("values == values", lambda: d.values() == d.values())

# minGPT's parameter partition check
param_dict = {'w1': 0, 'w2': 1, 'b1': 2}
decay, no_decay = {'w1', 'w2'}, {'b1'}
inter_params = decay & no_decay
union_params = decay | no_decay
print(len(inter_params) == 0, len(param_dict.keys() - union_params) == 0)

show("dict | dict", lambda: d | {'d': 4, 'a': 0})
show("dict | list", lambda: d | [('x', 1)])
e = dict(d)
e |= {'x': 9}
e |= [('y', 10)]
print(e)
show("format_map", lambda: '{a}-{b}:{c:>3}'.format_map(d))
show("format_map positional", lambda: '{}'.format_map(d))
show("format_map missing", lambda: '{zz}'.format_map(d))


class Default(dict):
    def __missing__(self, key):
        return '<' + key + '>'


print('{name} is {age}'.format_map(Default(name='kiln')))
