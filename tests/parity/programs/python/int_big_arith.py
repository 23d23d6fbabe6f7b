# Ints beyond 64 bits: arithmetic, printing, promotion and demotion.
import math
a = 2 ** 100
print(a, -a, a + 1, a - a, a * a, type(a).__name__)
print(2 ** 63, -2 ** 63, 2 ** 63 - 1, -(2 ** 63) - 1, 2 ** 64 // 2)
print(1 << 70, (1 << 70) >> 69, -1 << 65, (-(1 << 70)) >> 3, (1 << 200) >> 250)
print(math.factorial(30), math.factorial(25) // math.factorial(23))
print(9223372036854775807 + 1, -9223372036854775808 - 1, 9223372036854775807 * 3)
print(123456789012345678901234567890 * 987654321098765432109876543210)
b = 10 ** 30 + 7
print(b // 97, b % 97, -b // 97, -b % 97, b // -97, b % -97, divmod(b, 12345), divmod(-b, 12345))
print(b // (10 ** 20), b % (10 ** 20), (10 ** 40) // b, (10 ** 40) % b)
print(pow(3, 200), pow(3, 200, 1000007), pow(2 ** 100, 3, 10 ** 9 + 7), pow(7, 10 ** 20, 13))
print(a & (2 ** 64 - 1), a | 1, a ^ (a - 1), ~a, -a & 0xFFFF, -a | 5, (-a) ^ (a + 3))
print(a == 2 ** 100, a != a + 1, a > 2 ** 99, -a < 0, a > 1e30, a < 1e31, a == float(a), 2 ** 53 + 1 == float(2 ** 53 + 1))
print(float(a), float(-3 ** 50), a / 3, (10 ** 30) / (10 ** 10), 1 / a, int(1e30), int(-2.5e20))
print(abs(-a), abs(-2 ** 63), -(-2 ** 63), +a, a.bit_length(), (-a).bit_length())
print(hash(a), hash(-a), hash(2 ** 61 - 1), hash(2 ** 61), hash(2 ** 64), hash(-(2 ** 64)), hash(float(2 ** 80)) == hash(2 ** 80))
s = 0
for i in range(100):
    s += i ** 12
print(s, s % 1000, str(s)[:10], len(str(s)))
f = 1
for i in range(1, 41):
    f *= i
print(f, f // math.factorial(38), f % 1000000007)
print(sum([2 ** 62, 2 ** 62, 2 ** 62]), max(2 ** 70, 5), min(-2 ** 70, 0), sorted([2 ** 65, -1, 2 ** 64]))
print(int("123456789012345678901234567890"), int("-99999999999999999999"), int("ffffffffffffffffffff", 16), int("0b" + "1" * 70, 0))
print(hex(2 ** 70), oct(-2 ** 70), bin(2 ** 65 + 1), str(2 ** 64), repr(-2 ** 64))
d = {2 ** 64: "big", 1: "one"}
print(d[2 ** 64], d[18446744073709551616], 2 ** 64 in {2 ** 64, 3}, {2 ** 64: 1}.get(2.0 ** 64))
print((2 ** 64) * 0, (2 ** 64) - (2 ** 64) + 5, type((2 ** 64) // (2 ** 60)).__name__, isinstance(2 ** 70, int))
print(10 ** 18 * 10, 10 ** 19 // 10, 3 ** 40 % 2 ** 40, (2 ** 64) ** 2, (-2) ** 127, 0 ** 0, (-1) ** (2 ** 70))
