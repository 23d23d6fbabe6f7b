# json dumps/loads options (indent, sort_keys, separators, ensure_ascii, cls, default,
# object_hook, errors with positions), csv writer/reader/DictWriter/DictReader on io.StringIO, and
# StringIO/BytesIO reading, seeking and print(file=).
import json, csv, io
data = {'name': 'x', 'vals': [1, 2.5, None, True], 'nested': {'a': [], 'b': {}}, 'u': '\u00e9'}
s = json.dumps(data)
print(s)
print(ascii(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)))
print(json.dumps([1, 2], separators=(',', ':')), json.dumps('a"b\n'), json.dumps(float('inf')), json.dumps({1: 2, True: 3}))
print(json.loads(s) == data, json.loads('[1, 2.0, "x", null, false]'), json.loads('{"a": 1e3}'), type(json.loads('1.0')).__name__)
try:
    json.loads('{bad}')
except json.JSONDecodeError as e:
    print('JSONDecodeError', e.msg, e.pos, e.lineno, e.colno)
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)
print(json.dumps({'s': {3, 1}}, cls=Enc))
try:
    json.dumps({'s': {1}})
except TypeError as e:
    print('TypeError', e)
print(json.dumps({'x': 1}, default=str), json.loads('{"a": 1}', object_hook=lambda d: sorted(d.items())))
buf = io.StringIO()
w = csv.writer(buf)
w.writerow(['a', 'b,c', 'd"e'])
w.writerows([[1, 2, 3], ['x', None, 4.5]])
print(repr(buf.getvalue()))
buf.seek(0)
print(list(csv.reader(buf)))
buf2 = io.StringIO()
dw = csv.DictWriter(buf2, fieldnames=['k', 'v'])
dw.writeheader(); dw.writerow({'k': 1, 'v': 'one'})
buf2.seek(0)
print([dict(r) for r in csv.DictReader(buf2)])
sio = io.StringIO('line1\nline2\nline3')
print(sio.readline(), sio.read(3), sio.tell(), sio.readlines(), sio.getvalue()[:5])
sio2 = io.StringIO()
print('abc', file=sio2, end='!')
sio2.write('def')
print(repr(sio2.getvalue()), sio2.closed)
bio = io.BytesIO(b'abc'); bio.seek(1); print(bio.read(), bio.getvalue(), bio.tell())
print(json.dumps(1.0), json.dumps(1e-7), json.dumps(123456789012345678901234567890), json.dumps([]), json.dumps({}, indent=2))
print(json.dumps({'a': [1, {'b': 2}]}, indent='\t'))
