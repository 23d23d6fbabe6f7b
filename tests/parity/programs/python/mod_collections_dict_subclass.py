# dict subclasses: collections' OrderedDict/defaultdict/Counter are dicts (isinstance, ** unpacking,
# dict methods, equality with dicts); user subclasses override __getitem__/__setitem__/__missing__,
# call super(), keep attributes, and copy.
import copy
from collections import OrderedDict, defaultdict, Counter

od = OrderedDict(a=1, b=2)
dd = defaultdict(list, x=[1])
c = Counter('hello')
print(isinstance(od, dict), isinstance(dd, dict), isinstance(c, dict), issubclass(Counter, dict))
def kw(**k):
    return sorted(k.items())
print(kw(**od), kw(**c), dict(od), {**dd, 'y': 2})
print(od == {'b': 2, 'a': 1}, {'a': 1, 'b': 2} == od, c == {'h': 1, 'e': 1, 'l': 2, 'o': 1}, dd == {'x': [1]})
print(len(od), list(od.keys()), od.get('a'), 'b' in od, type(od.copy()).__name__, type(dict(c)).__name__)

class LowerDict(dict):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.reads = 0
    def __getitem__(self, key):
        self.reads += 1
        return super().__getitem__(key.lower())
    def __setitem__(self, key, value):
        super().__setitem__(key.lower(), value)
    def __missing__(self, key):
        return 'missing:' + key

d = LowerDict({'a': 1})
d['B'] = 2
print(d, d['A'], d['b'], d['zz'], d.reads, len(d), sorted(d), isinstance(d, dict), type(d).__name__)
print(d.get('b'), dict.__getitem__(d, 'a'), repr(d), d == {'a': 1, 'b': 2})

class Registry(dict):
    def register(self, name):
        def deco(fn):
            self[name] = fn
            return fn
        return deco

reg = Registry()
@reg.register('sq')
def square(x):
    return x * x
print(reg['sq'](4), list(reg), type(reg).__name__)

class Plain(dict):
    pass
p = Plain(k=1)
p.note = 'attr'
p2 = copy.copy(p)
p3 = copy.deepcopy(Plain(n=[1]))
print(p, p.note, p2, p2.note, type(p2).__name__, p3, type(p3).__name__, vars(p))
dd2 = copy.deepcopy(defaultdict(list, a=[1]))
dd2['b'].append(2)
print(dd2, copy.copy(Counter('aab')), copy.deepcopy(OrderedDict(z=[0])))
try:
    Plain()['nope']
except KeyError as e:
    print('KeyError', e)
