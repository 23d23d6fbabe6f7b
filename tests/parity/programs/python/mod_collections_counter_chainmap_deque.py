# collections: Counter arithmetic (+ - & | unary), update/subtract/total/most_common, ChainMap
# (maps, new_child, parents, writes), deque rotate/maxlen/extendleft/index, OrderedDict.move_to_end,
# defaultdict, namedtuple defaults/rename/_make, UserDict/UserList/UserString.
from collections import Counter, ChainMap, deque, OrderedDict, defaultdict, namedtuple, UserDict, UserList, UserString
c = Counter('abracadabra')
print(c.most_common(3), c['z'], sorted(c.elements())[:5], c.total())
d = Counter(a=3, b=1)
e = Counter(a=1, b=2, c=3)
print(d + e, d - e, d & e, d | e, +Counter(a=-1, b=2), -Counter(a=-1, b=2))
d.update('aab'); print(d); d.subtract({'a': 10}); print(d)
print(Counter(a=1) == Counter(a=1, b=0), Counter('ab') <= Counter('aab'), repr(Counter()))
cm = ChainMap({'a': 1}, {'a': 2, 'b': 3})
print(cm['a'], cm['b'], len(cm), sorted(cm), cm.maps, cm.new_child({'c': 4})['c'], cm.parents)
cm['z'] = 9; print(cm.maps[0], dict(cm))
dq = deque(range(5), maxlen=5)
dq.rotate(2); print(dq); dq.rotate(-3); print(dq)
dq.append(9); print(dq, dq.maxlen); dq.appendleft(-1); print(dq)
dq.extendleft([7, 8]); print(dq, dq.count(7), dq.index(8), dq[1], dq[-1])
print(deque([1, 2, 3]).pop(), deque('ab').popleft(), list(reversed(deque('xyz'))), deque() == deque([]))
od = OrderedDict.fromkeys('abc')
od.move_to_end('a'); print(list(od)); od.move_to_end('c', last=False); print(list(od), od.popitem(last=False))
dd = defaultdict(list); dd['k'].append(1); dd['j']; print(dd, dict(dd), dd.default_factory)
dc = defaultdict(lambda: 'dflt'); print(dc['x'], dict(dc))
Pt = namedtuple('Pt', ['x', 'y'], defaults=[0])
p = Pt(1); print(p, p._replace(y=5), Pt._make([3, 4]), Pt._fields, Pt._field_defaults, p._asdict())
Pt3 = namedtuple('Pt3', 'x y z', rename=False); print(Pt3(1, 2, 3).z, Pt3.__doc__)
R = namedtuple('R', 'a def b', rename=True); print(R._fields)
class UD(UserDict):
    def __setitem__(self, k, v):
        super().__setitem__(k, v * 2)
u = UD(a=1); u['b'] = 2; print(u, u.data, 'a' in u, len(u))
ul = UserList([3, 1, 2]); ul.sort(); print(ul, ul + [4], ul[0])
us = UserString('hello'); print(us.upper(), us[1:3], len(us))
print(Counter({'x': 2, 'y': 1}).most_common(), sorted(Counter('hello').items()))
