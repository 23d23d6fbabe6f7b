# repr(float) is the shortest text that reads back as the float, the closest to it among those (dtoa's
# mode 0): 2**-24 is 5.960464477539063e-08, not the 17-digit 5.9604644775390625e-08 a rounding to 16
# digits misses (...062|5 rounds to the float below). Random bit patterns, uniform values and powers of two.
import random
import struct

r = random.Random(5)
vals = [2**-24, -2**-24, 2**-60, 1e23, 5e-324, 1.7976931348623157e308, 0.1, 1 / 3, 2**53 + 2.0, 123456789.125,
        -0.0, 1e16, 1e-5, 0.0001, 9999999999999998.0]
for _ in range(400):
    v = struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]
    if v == v and abs(v) != float("inf"):
        vals.append(v)
    vals.append(r.uniform(-1e6, 1e6))
    vals.append(2.0 ** r.randint(-1074, 1023))
for i in range(0, len(vals), 4):
    print(" ".join(repr(v) for v in vals[i:i + 4]))
print(str(2**-24), f"{2**-24!r}", [2**-24], (1e23,))
