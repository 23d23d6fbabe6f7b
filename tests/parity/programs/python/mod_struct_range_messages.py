# struct.pack range errors in CPython 3.12: every integer code says "'c' format requires
# lo <= number <= hi" from its size and signedness (native and standard sizes, 8-byte codes and
# values beyond 64 bits included).
import struct

cases = [
    ('b', 128), ('b', -129), ('B', 256), ('B', -1), ('h', 40000), ('H', -1), ('H', 70000),
    ('i', 2 ** 31), ('I', -5), ('I', 2 ** 32), ('l', 2 ** 63), ('L', -1), ('q', 2 ** 63),
    ('q', -2 ** 63 - 1), ('Q', -1), ('Q', 2 ** 64), ('n', 2 ** 63), ('N', -1),
    ('<b', 200), ('<h', -40000), ('>H', 65536), ('<i', 2 ** 31), ('>I', -1), ('<l', 2 ** 31),
    ('>L', 2 ** 32), ('<q', 2 ** 63), ('>Q', -1), ('!Q', 2 ** 64), ('=i', -2 ** 31 - 1), ('<B', 2 ** 100),
]
for fmt, v in cases:
    try:
        struct.pack(fmt, v)
        print(fmt, v, 'packed')
    except struct.error as e:
        print(fmt, v, '->', e)
print(struct.pack('<h', -32768), struct.pack('>Q', 2 ** 64 - 1), struct.pack('<b', -128))
for fmt, v in [('i', 1.5), ('<h', '3'), ('Q', None)]:
    try:
        struct.pack(fmt, v)
    except struct.error as e:
        print(fmt, repr(v), '->', e)
