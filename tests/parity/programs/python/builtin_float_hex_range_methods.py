# float.hex/float.fromhex round trips (subnormals, extremes, inf/nan), fromhex's accepted forms,
# rounding of long mantissas and its errors; int.as_integer_ratio/is_integer (3.12); range.count and
# range.index for ints, big ints and other values, with CPython's messages.
vals = [0.1, 1.0, -2.5, 0.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 3.141592653589793, 1e-310, 123456.789, float('inf'), float('-inf'), float('nan')]
for v in vals:
    h = v.hex()
    back = float.fromhex(h)
    print(h, back == v or (v != v and back != back))
for s in ['0x1.8p1', '  -0X1P-2 ', 'inf', '-Infinity', 'nan', '0x.8', '1p4', '0x1.fffffffffffff8p1023', '0x1.00000000000008p0', '0x1.000000000000081p0', '0x0.0000000000001p-1022', 'ff', '0x10', '0x1.2p+3']:
    try:
        print(s, float.fromhex(s))
    except (ValueError, OverflowError) as e:
        print(s, type(e).__name__, e)
for s in ['', '0x', '0xg', '1.2.3', '0x1p', '0x1p+', '0x1.0p2000', 'x1']:
    try:
        print(repr(s), float.fromhex(s))
    except (ValueError, OverflowError) as e:
        print(repr(s), type(e).__name__, e)
print((5).as_integer_ratio(), True.as_integer_ratio(), (-3).is_integer(), (2**80).as_integer_ratio())
r = range(0, 20, 3)
print(r.count(6), r.count(7), r.count(6.0), r.index(9), r.index(9.0), range(10, 0, -2).index(4), r.count(2**70))
for x in [7, 2**70, 'a', 1.5]:
    try:
        r.index(x)
    except ValueError as e:
        print('ValueError', e)
