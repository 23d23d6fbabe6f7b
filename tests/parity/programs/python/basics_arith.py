# Integer arithmetic, floor division and modulo with negative operands.
print(7 + 3, 7 - 3, 7 * 3, 7 / 2, 7 // 2, 7 % 2)
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 3), (1, 5), (-1, 5)]
for a, b in pairs:
    print(a, b, "//", a // b, "%", a % b, "divmod", divmod(a, b))
print(2 ** 10, 2 ** 0, (-2) ** 3, -2 ** 2, 2 ** -1)
print(pow(3, 4), pow(2, 10, 1000), pow(2.0, 0.5))
print(10 ** 18, 2 ** 62, 2 ** 62 + (2 ** 62 - 1))
print(abs(-5), abs(5), abs(-2.5), abs(0))
x = 10
x += 5
x -= 3
x *= 2
x //= 5
x %= 3
print("aug", x)
y = 7
y **= 2
print("pow aug", y)
print(True + True, True * 3, False - 1)
print(-7.5 // 2, -7.5 % 2, 7.5 // -2, 7.5 % -2)
print(divmod(-7.5, 2), divmod(9, 3))
print(1 + 2 * 3 - 4 / 2, (1 + 2) * (3 - 4) / 2)
print(17 // 5 * 5 + 17 % 5)
print(-(-3), +4, -0)
print(1_000_000, 0x1F, 0o17, 0b101)
print(5 & 3, 5 | 3, 5 ^ 3, ~5, 1 << 4, 256 >> 3, -16 >> 2)
