# errno names, base64 (b64/urlsafe/b32/b16, padding errors), binascii, importlib.import_module
import errno, base64, binascii, importlib, os
print(errno.ENOENT, errno.EEXIST, errno.errorcode[2], errno.EACCES)
try:
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'no_such_file_here.txt'))
except OSError as e:
    print(e.errno == errno.ENOENT, errno.errorcode[e.errno])
for data in [b'', b'f', b'fo', b'foo', b'foob', b'fooba', b'foobar', bytes(range(40))]:
    e = base64.b64encode(data)
    print(e, base64.b64decode(e) == data, base64.urlsafe_b64encode(data), base64.b32encode(data), base64.b32decode(base64.b32encode(data)) == data, base64.b16encode(data)[:10])
print(base64.b64decode('aGVsbG8gd29ybGQ='), base64.b64decode(b'aGVs\nbG8='), base64.encodebytes(b'x' * 60))
try:
    base64.b64decode('abc')
except binascii.Error as e:
    print('Error', e)
try:
    base64.b64decode('ab$c', validate=True)
except binascii.Error as e:
    print('Error', e)
print(binascii.hexlify(b'\x01\xab'), binascii.hexlify(b'\x01\x02\x03', '-'), binascii.unhexlify('01ab'), binascii.crc32(b'hello'), binascii.crc_hqx(b'hello', 0))
m = importlib.import_module('json')
print(m.dumps([1]), importlib.import_module('os.path').join('a', 'b'))
