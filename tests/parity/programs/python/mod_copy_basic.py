# copy: shallow vs deep copies of lists, dicts, tuples and objects; memo sharing and cycles;
# __copy__/__deepcopy__ and __getstate__/__setstate__ hooks.
import copy

a = [1, [2, 3], {'k': [4]}]
s = copy.copy(a)
d = copy.deepcopy(a)
a[1].append(99)
a[2]['k'].append(100)
a.append('new')
print(a)
print(s)
print(d)
print(s[1] is a[1], d[1] is a[1], copy.copy(5), copy.deepcopy('x'), copy.copy((1, 2)))
t = (1, [2])
t2 = copy.deepcopy(t)
print(t2, t2 is t, t2[1] is t[1], copy.deepcopy((1, 'a')) == (1, 'a'))

shared = [0]
pair = [shared, shared]
pc = copy.deepcopy(pair)
print(pc[0] is pc[1], pc[0] is shared)
cyc = [1]
cyc.append(cyc)
cc = copy.deepcopy(cyc)
print(cc[1] is cc, cc[0], len(cc))
dd = {'a': [1], 'b': None}
dd['self'] = dd
dc = copy.deepcopy(dd)
print(dc['self'] is dc, dc['a'] == [1], dc['a'] is dd['a'])

class Point:
    def __init__(self, x, tags):
        self.x = x
        self.tags = tags
    def __repr__(self):
        return f'Point({self.x}, {self.tags})'

p = Point(1, ['a'])
p1 = copy.copy(p)
p2 = copy.deepcopy(p)
p.tags.append('b')
print(p1, p2, p1.tags is p.tags, p2.tags is p.tags, type(p2).__name__)

class Tracked:
    def __init__(self, v):
        self.v = v
    def __copy__(self):
        print('__copy__ called')
        return Tracked(self.v)
    def __deepcopy__(self, memo):
        print('__deepcopy__ called', type(memo).__name__)
        return Tracked(copy.deepcopy(self.v, memo))

tr = Tracked([1])
print(copy.copy(tr).v, copy.deepcopy(tr).v, copy.deepcopy([tr, tr])[0].v)

class Stateful:
    def __init__(self):
        self.keep = 1
        self.cache = 'big'
    def __getstate__(self):
        return {'keep': self.keep}
    def __setstate__(self, state):
        self.keep = state['keep']
        self.cache = None

sc = copy.deepcopy(Stateful())
print(sc.keep, sc.cache, copy.copy(Stateful()).cache)
print(copy.deepcopy(len) is len, copy.copy(Point) is Point, copy.deepcopy(None))
memo = {}
x = [1]
y1 = copy.deepcopy(x, memo)
y2 = copy.deepcopy(x, memo)
print(y1 is y2, y1 == x)
