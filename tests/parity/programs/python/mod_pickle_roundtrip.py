# pickle: CPython's bytes for protocols 2-5 (memo, framing, NEWOBJ/BUILD, slots, __getstate__, __reduce__), loads of old protocols
import pickle, io
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)
    def __eq__(self, o):
        return isinstance(o, Point) and (self.x, self.y) == (o.x, o.y)
class Slotted:
    __slots__ = ('a', 'b')
    def __init__(self):
        self.a = 1
        self.b = [2]
class WithState:
    def __init__(self):
        self.v = 5
        self.cache = 'big'
    def __getstate__(self):
        return {'v': self.v}
    def __setstate__(self, st):
        self.v = st['v']
        self.cache = None
class Red:
    def __init__(self, n):
        self.n = n
    def __reduce__(self):
        return (Red, (self.n * 2,))
def fn(x):
    return x
values = [None, True, False, 0, 1, 255, 256, 65535, 65536, -1, -129, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**63, -2**100, 3.5, -0.0, float('inf'),
          '', 'a', 'héllo', 'x' * 300, b'', b'\x00\xff', b'y' * 300, (), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4), [], [1], [1, 2, 'a'],
          {}, {'a': 1}, {'a': 1, 'b': [1, 2], 3: (4,)}, set(), {1, 2, 3}, frozenset(), frozenset({4, 5}), list(range(1005)),
          Point(1, 2), [Point(1, 'q'), Point(3.0, None)], Point, len, int, dict, str]
print([pickle.dumps(fn, protocol=p) for p in (2, 4)])
for proto in [2, 3, 4, 5]:
    for v in values:
        b = pickle.dumps(v, protocol=proto)
        back = pickle.loads(b)
        ok = back == v or (v != v) or (isinstance(v, type) and back is v) or back is v
        print(proto, repr(v)[:40], len(b), b[:60] if len(b) < 200 else b[:40], ok)
shared = [1, 2]
obj = {'x': shared, 'y': shared, 's': 'k', 't': 'k'}
b = pickle.dumps(obj)
back = pickle.loads(b)
print(b, back, back['x'] is back['y'])
rec = []
rec.append(rec)
b = pickle.dumps(rec); back = pickle.loads(b); print(b, back[0] is back)
s = Slotted(); b = pickle.dumps(s); t = pickle.loads(b); print(b, t.a, t.b)
w = WithState(); b = pickle.dumps(w); t = pickle.loads(b); print(b, t.v, t.cache)
r = Red(3); b = pickle.dumps(r); print(b, pickle.loads(b).n)
f = io.BytesIO(); pickle.dump([1, 2], f); pickle.dump({'k': 'v'}, f); f.seek(0); print(pickle.load(f), pickle.load(f))
for old in [b'(lp0\nI1\naI2\na.', b'(dp0\nVa\np1\nI1\ns.', b"\x80\x02}q\x00(X\x01\x00\x00\x00aq\x01K\x01X\x01\x00\x00\x00bq\x02]q\x03(K\x01K\x02eu.", b'\x80\x03C\x03abcq\x00.', b"S'hi\\n'\np0\n.", b'F1.5\n.', b'L12345678901234567890L\n.', b'c__builtin__\nset\np0\n((lp1\nI1\naI2\natp2\nRp3\n.']:
    print(pickle.loads(old))
try:
    pickle.dumps(lambda: 0)
except pickle.PicklingError as e:
    print('PicklingError', type(e).__name__)
try:
    pickle.loads(b'\x80\x04\x95garbage')
except Exception as e:
    print(type(e).__name__)
print(pickle.HIGHEST_PROTOCOL, pickle.DEFAULT_PROTOCOL)
