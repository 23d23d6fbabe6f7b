# Conversions between builtin types.
print(int('42'), int('-17'), int(' 8 '), int('+5'), int('0'))
print(int('ff', 16), int('FF', 16), int('101', 2), int('777', 8), int('z', 36))
print(int(True), int(False), int(3.99), int(-0.1))
print(float('1.5'), float(3), float('-0.25'), float(True))
print(str(42), str(-3.5), str(True), str(None), str([1, 'a']), str((1,)))
print(repr('hi'), repr("it's"), repr('say "x"'), repr(''))
print(bool(0), bool('False'), bool(0.0), bool([[]]))
print(list(range(5)), list(range(2, 10, 3)), list(range(10, 0, -3)), list(range(0)))
print(list('abc'), list((1, 2)), list({'a': 1, 'b': 2}))
print(tuple([1, 2, 3]), tuple('xy'), tuple(), tuple(range(3)))
print(dict(a=1, b=2), dict([('x', 1), ('y', 2)]), dict(), dict({'k': 'v'}, z=0))
print(dict(zip(['p', 'q'], [10, 20])))
print(list(zip('ab', [1, 2])))
print(str(1.0), str(10 / 2), str(2 ** 10))
print(int(str(123) + '4') + 1)
print(float(str(2.5)) * 2)
print(list(map(int, ['1', '2', '3'])), list(map(str, [1.5, 2])))
try:
    int('abc')
except ValueError as e:
    print("ValueError:", e)
try:
    int('12.5')
except ValueError as e:
    print("ValueError:", e)
try:
    float('x1')
except ValueError as e:
    print("ValueError:", e)
