# round(): banker's rounding, ndigits, negative ndigits, int vs float results.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 4.4, 4.6, -4.6]:
    r = round(v)
    print(v, "->", r, type(r).__name__)
for v in [2.675, 1.005, 3.14159, 2.5, -2.345, 0.125, 0.375]:
    print(v, round(v, 2), round(v, 1), round(v, 0), type(round(v, 0)).__name__)
print(round(12345, -2), round(12355, -1), round(15, -1), round(25, -1))
print(round(1234.5678, -2), round(-1250, -2))
print(round(7), type(round(7)).__name__, round(7, 2))
print(round(0.1 + 0.2, 10), round(1 / 3, 5))
print(round(1e16 + 0.5), round(123.456, 3), round(123.456, 5))
