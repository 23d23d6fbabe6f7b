# collections.deque (maxlen, rotate, both ends, errors) and namedtuple (fields, defaults, methods, repr).
from collections import deque, namedtuple

d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, len(d), d[0], d[-1], d.pop(), d.popleft(), d)
d.extend([7, 8])
d.extendleft('ab')
print(d)
d.rotate(2)
print(d)
d.rotate(-3)
print(d, d.count(7), d.index(7), 8 in d)
d.remove(7)
d.reverse()
print(d, list(reversed(d)), d == deque(list(d)), d.copy())
d[1] = 'X'
del d[0]
d.insert(1, 'ins')
print(d, bool(deque()), deque() == deque([]))
window = deque(maxlen=3)
for i in range(6):
    window.append(i)
    print(list(window), window.maxlen)
window.appendleft(-1)
print(window, deque('abc', maxlen=2), deque(maxlen=0))
q = deque()
for i in range(5):
    q.append(i * i)
out = []
while q:
    out.append(q.popleft())
print(out)
print(deque([1, 2]) + deque([3]), deque([1]) * 3, deque([1, 2]) < deque([1, 3]))
for f in [lambda: deque().pop(), lambda: deque().popleft(), lambda: deque([1])[5], lambda: deque([1]).remove(2),
          lambda: deque([1], maxlen=1).insert(0, 2), lambda: deque(maxlen=-1)]:
    try:
        f()
    except (IndexError, ValueError) as e:
        print(type(e).__name__, e)
it_d = deque([1, 2, 3])
try:
    for x in it_d:
        it_d.append(x)
except RuntimeError as e:
    print('RuntimeError', e)

Point = namedtuple('Point', ['x', 'y'])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], p[-1], len(p), list(p), p == (1, 2), p == Point(1, 2))
x, y = p
print(x + y, Point._fields, p._asdict(), p._replace(x=10), Point._make([5, 6]))
print(Point.__name__, type(p).__name__, p.count(1), p.index(2), hash(p) == hash((1, 2)), sorted([Point(2, 1), Point(1, 5)]))
Color = namedtuple('Color', 'red green blue', defaults=[0, 255])
print(Color(1), Color(1, 2), Color(1, 2, 3), Color._field_defaults)
Emp = namedtuple('Emp', 'name, age , title')
e = Emp('ann', 30, 'dev')
print(e, e.title, Emp._fields)
R = namedtuple('R', ['ok', 'def', '_x', 'ok'], rename=True)
print(R._fields)
for f in [lambda: Point(1), lambda: Point(1, 2, 3), lambda: Point(1, z=3), lambda: p._replace(z=1),
          lambda: Point._make([1]), lambda: namedtuple('Bad', ['a', 'a']), lambda: namedtuple('Bad', ['1x']),
          lambda: namedtuple('Bad', ['class']), lambda: namedtuple('Bad', ['_a']), lambda: namedtuple('T', 'a', defaults=[1, 2])]:
    try:
        f()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    p.x = 5
except AttributeError as e:
    print('AttributeError', e)
