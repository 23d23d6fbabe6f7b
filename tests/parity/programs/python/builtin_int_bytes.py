# int.to_bytes / int.from_bytes, bytes.find/rfind/index with bounds
print((1000).to_bytes(2, 'little'), (1000).to_bytes(4, 'big'), (-1).to_bytes(2, 'little', signed=True), (2**70).to_bytes(9, 'little'))
print(int.from_bytes(b'\xe8\x03', 'little'), int.from_bytes(b'\xff\xff', 'big', signed=True), int.from_bytes([1, 0], 'big'), int.from_bytes(b'\x01' * 10, 'little'))
print((0).to_bytes(0, 'big'), (127).to_bytes(1, 'big', signed=True), (-128).to_bytes(1, 'big', signed=True))
for bad in [lambda: (256).to_bytes(1, 'big'), lambda: (-1).to_bytes(1, 'big'), lambda: (128).to_bytes(1, 'big', signed=True), lambda: (1).to_bytes(1, 'middle')]:
    try: bad()
    except (OverflowError, ValueError) as e: print(type(e).__name__, e)
b = b'abcabcabc'
print(b.find(b'c', 3), b.find(b'c', -2), b.find(b'a', 1, 3), b.rfind(b'b'), b.rfind(b'b', 0, 5), b.index(b'ca', 2), b.rindex(b'abc'))
try: b.index(b'z')
except ValueError as e: print(e)
# from_bytes of a str or a non-iterable: PyBytes_FromObject's TypeError
for bad in [lambda: int.from_bytes(5, 'big'), lambda: int.from_bytes('ab', 'big'), lambda: int.from_bytes(None)]:
    try: bad()
    except TypeError as e: print(type(e).__name__, e)
