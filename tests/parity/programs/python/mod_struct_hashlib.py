# struct: formats, byte orders, alignment, errors; hashlib: md5/sha1/sha2 digests, update/copy
import struct, hashlib
print(struct.pack('<i', 1), struct.pack('>hHb', -2, 65535, 7), struct.pack('@bi', 1, 2), struct.calcsize('@bi'), struct.calcsize('<bi'), struct.calcsize('3s2x?q'))
print(struct.unpack('<dfe', struct.pack('<dfe', 1.5, 2.25, -0.5)), struct.unpack('>Q', b'\xff' * 8), struct.unpack('<q', b'\xff' * 8))
print(struct.pack('5s', b'ab'), struct.pack('3p', b'abcdef'), struct.unpack('5s3p', b'hello\x02xy'), struct.pack('c?', b'z', 5))
print(list(struct.iter_unpack('<h', b'\x01\x00\x02\x00')), struct.unpack_from('<h', b'\x00\x01\x00', 1), struct.Struct('<2i').pack(3, 4), struct.Struct('>I').size)
ba = bytearray(6); struct.pack_into('<HI', ba, 0, 1, 2); print(ba)
for bad in [lambda: struct.pack('<h', 40000), lambda: struct.pack('B', -1), lambda: struct.pack('<i', 2**31), lambda: struct.unpack('<i', b'abc'), lambda: struct.pack('ii', 1), lambda: struct.pack('z', 1), lambda: struct.pack('<Q', -1), lambda: struct.pack('i', 'x'), lambda: struct.pack('h', 70000)]:
    try: bad()
    except struct.error as e: print('error:', e)
for name in ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512']:
    h = hashlib.new(name, b'abc')
    print(name, h.hexdigest(), h.digest_size, h.block_size)
h = hashlib.sha256(); h.update(b'hello '); h2 = h.copy(); h.update(b'world'); print(h.hexdigest(), h2.hexdigest(), hashlib.md5(b'').hexdigest())
print(hashlib.sha1(b'x' * 1000).hexdigest(), hashlib.md5('hé'.encode()).digest(), hashlib.sha512(b'a' * 200).hexdigest()[:32], h.name)
try: hashlib.md5('text')
except TypeError as e: print(e)
