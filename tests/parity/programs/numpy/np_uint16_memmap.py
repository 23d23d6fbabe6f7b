# NumPy's uint16 and uint32 arrays, the dtypes of token files (nanoGPT's train.bin, llm.c's shards):
# dtype names and codes, NumPy's integer promotion across signedness (uint16 + int16 is int32,
# uint32 + int32 is int64, uint16 + float16 is float32), weak Python ints and their OverflowError,
# printing, the scalar types' place in the hierarchy; and the file paths loaders take: tofile,
# fromfile, frombuffer, np.save/np.load and np.memmap (modes r, r+, w+, c; offset, shape; flush; its
# errors).
import numpy as np, os, tempfile

a = np.array([0, 1, 65535, 300], dtype=np.uint16)
print(a, a.dtype, a.itemsize, a.nbytes, a.dtype.kind, a.dtype.char)
print(repr(a))
print(repr(a[2]), type(a[2]).__name__, a.max(), a.min(), int(a.sum()))
u32 = np.array([4000000000, 7], dtype=np.uint32)
print(repr(u32), u32.dtype.char, np.dtype('uint32'), np.dtype('<u2'), np.dtype('H'))
print(np.iinfo(np.uint16).max, np.iinfo(np.uint32).max, np.iinfo(np.uint16).min)
print(isinstance(a[0], np.unsignedinteger), isinstance(a[0], np.signedinteger), isinstance(np.int8(1), np.signedinteger),
      isinstance(a[0], np.integer), issubclass(np.uint32, np.unsignedinteger))

for other in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.float16, np.float32, np.bool_]:
    b = np.ones(2, dtype=other)
    print(other.__name__, (a[:2] + b).dtype, (u32 + b).dtype)
print(a + 1, (a + 1).dtype, a * 2, a // 3, a.astype(np.int64) - 1)
print((a > 299), a.astype(np.float32), u32.astype(np.int64))
for bad in [lambda: a + 70000, lambda: np.array([-1], dtype=np.uint16), lambda: np.array([70000], dtype=np.uint16)]:
    try:
        bad()
    except OverflowError as e:
        print('OverflowError:', e)

d = tempfile.mkdtemp()
p = os.path.join(d, 'train.bin')
tokens = np.arange(40, dtype=np.uint16) * 1000
tokens.tofile(p)
print(os.path.getsize(p))
m = np.memmap(p, dtype=np.uint16, mode='r')
print(type(m).__name__, m.shape, m.dtype, len(m), m.mode, m.offset, m.filename == os.path.abspath(p))
print(isinstance(m, np.ndarray), isinstance(m, np.memmap), isinstance(tokens, np.memmap))
print(m[:5], m[-3:], m[10], int(m[39]))
x = m[4:9].astype(np.int64)
print(x, x.dtype, type(x[0]).__name__)
print(repr(np.memmap(p, dtype=np.uint16, mode='r', shape=(3,))))
print(np.memmap(p, dtype=np.uint16, mode='r', offset=10, shape=(2, 3)))
print(np.memmap(p, dtype=np.uint32, mode='r', shape=2), np.memmap(p, mode='r', shape=4))
print(np.fromfile(p, dtype=np.uint16, count=4, offset=2), np.fromfile(p, dtype=np.uint16).sum() == tokens.sum())
with open(p, 'rb') as f:
    raw = f.read()
print(np.frombuffer(raw, dtype=np.uint16, count=3, offset=4), np.frombuffer(raw[:8], dtype=np.uint32))

q = os.path.join(d, 'val.bin')
w = np.memmap(q, dtype=np.uint16, mode='w+', shape=(6,))
print(w, os.path.getsize(q))
w[2:5] = np.array([7, 8, 9], dtype=np.uint16)
w.flush()
print(np.fromfile(q, dtype=np.uint16))
r = np.memmap(q, dtype=np.uint16, mode='r+')
r[0] = 65535
r.flush()
print(np.fromfile(q, dtype=np.uint16))
c = np.memmap(q, dtype=np.uint16, mode='c')
c[1] = 5
c.flush()
print(c[:3], np.fromfile(q, dtype=np.uint16))
grown = np.memmap(q, dtype=np.uint16, mode='r+', offset=12, shape=(2,))
print(grown, os.path.getsize(q))

odd = os.path.join(d, 'odd.bin')
with open(odd, 'wb') as f:
    f.write(b'\x01\x02\x03')
for bad in [lambda: np.memmap(q, dtype=np.uint16, mode='x'), lambda: np.memmap(q, mode='w+'),
            lambda: np.memmap(p, dtype=np.uint16, mode='r', shape=(100,)), lambda: np.memmap(odd, dtype=np.uint16, mode='r')]:
    try:
        bad()
    except ValueError as e:
        print('ValueError:', e)
try:
    np.memmap(os.path.join(d, 'missing.bin'), dtype=np.uint16, mode='r')
except FileNotFoundError as e:
    print('FileNotFoundError:', e.strerror)

s = os.path.join(d, 'shard.npy')
np.save(s, tokens[:6])
back = np.load(s)
print(back, back.dtype)
np.save(s, u32)
print(np.load(s), np.load(s).dtype)
