# sum() in CPython 3.12: floats add with Neumaier's compensated summation (an exact-float phase),
# ints in an int phase; mixed ints and floats, bools, -0.0, inf/nan, other start values and the
# errors for str/bytes/bytearray start values.
print(sum([0.1] * 6), sum([0.1] * 10), sum([0.1, 0.2, 0.3]), 0.1 + 0.2 + 0.3)
print(sum([1e100, 1.0, -1e100, 1.0]), sum([1.0, 1e100, 1.0, -1e100]))
print(sum([0.1] * 6, 0.5), sum([0.1] * 6, 1), sum([1, 2, 0.1, 0.2, 0.3]))
print(sum([0.1, 1, 0.2, True, 0.3]), sum([True, True, 0.5]), sum([2 ** 70, 0.5]))
print(sum([0.5, 2 ** 70, 0.1, 0.2]), sum([0.1, 0.2, 2 ** 70, 0.3]))
print(sum([-0.0, -0.0]), sum([-0.0], -0.0), sum([], -0.0), sum([0.0, -0.0]))
print(sum([float('inf'), 1.0, 0.1]), sum([float('inf'), float('-inf')]), sum([1e308, 1e308, -1e308]))
print(sum([float('nan'), 0.1]), sum([1e308, 1e308]), sum([-1e308, -1e308, 0.1]))
losses = [0.6931471805599453, 0.6931471805599453, 0.5108256237659907, 0.35667494393873245, 0.2231435513142097]
print(sum(losses), sum(losses) / len(losses), round(sum(losses) / len(losses), 6))
vals = [i / 10 for i in range(1, 101)]
print(sum(vals), sum(x * x for x in vals), sum(vals, 0.0) / len(vals))
print(sum(range(10)), sum(range(10), 0.5), sum([2 ** 62, 2 ** 62, 2 ** 62]), sum([-2 ** 63, -1]))
print(sum([[1], [2, 3]], []), sum([(1,), (2,)], ()), sum([], 7), sum(iter([0.25, 0.5])))


class Money:
    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return Money(self.v + (other.v if isinstance(other, Money) else other))

    def __radd__(self, other):
        return Money(other + self.v)


print(sum([0.1, 0.2, Money(0.3), 0.4]).v, sum([Money(1), 0.1, 0.2]).v, sum([0.1, Money(0.2)], 0.5).v)
for start in ['', b'', bytearray(b'')]:
    try:
        sum([], start)
    except TypeError as e:
        print('TypeError', e)
try:
    sum([1, 'a'])
except TypeError as e:
    print('TypeError', e)
try:
    sum([0.5, 'a'])
except TypeError as e:
    print('TypeError', e)
print(sum([1, 2], start=10), sum(iterable=[1.5, 2]) if False else 'kw')
