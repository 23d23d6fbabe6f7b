# Numeric builtins: abs, sum (with start), divmod, pow, round, min/max, int/float, math module.
import math
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([]), sum([], 5), sum([0.1] * 10), sum([1, 2.5]))
print(sum(range(101)), sum([[1], [2]], []), sum([True, True, False]), sum(x * 2 for x in [1, 2]))
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(7.5, 2), divmod(0, 3))
print(pow(2, 8), pow(2, -2), pow(-3, 3), pow(3, 3, 5), pow(9, 0.5), pow(0, 0))
print(abs(-7), abs(-7.25), abs(3), abs(-0.0), abs(True))
print(max(1, 2), max([3, 1]), min(-1, -2.5), max(0, 0.0), min(0.0, 0))
print(math.sqrt(16), math.sqrt(2), math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1))
print(type(math.floor(2.5)).__name__, type(math.sqrt(4)).__name__)
print(math.pi, math.e, round(math.pi, 4), math.inf, -math.inf, math.inf > 1e308)
print(math.exp(0), math.exp(1), math.log(1), math.log(math.e), math.log(8, 2), math.log(100, 10))
print(math.sin(0), math.cos(0), math.tanh(0), round(math.sin(math.pi / 2), 12), round(math.cos(math.pi), 12))
print(math.fabs(-3), math.pow(2, 10), math.gcd(12, 18), math.gcd(0, 5), math.gcd(-4, 6))
print(math.prod([1, 2, 3, 4]), math.prod([]), math.fsum([0.1] * 10), math.prod([0.5, 4]))
print(math.isnan(float('nan')), math.isnan(1.0), math.isinf(math.inf), math.isinf(-1e308 * 10), math.isinf(0.0))
print(int(math.sqrt(49)), math.sqrt(0.25), math.floor(7), math.ceil(7.0))
print(2 ** 62 + (2 ** 62 - 1), -2 ** 62 * 2, 9223372036854775807 // 2)
print(round(2.5), round(3.5), round(-0.5), round(0.125, 2), round(5, -1), round(-15, -1))
print(int(7.0), float(7), int('-0'), float('-0'), int(-7 / 2), -7 // 2)
try:
    math.sqrt(-1)
except ValueError as e:
    print("ValueError:", e)
try:
    math.log(0)
except ValueError as e:
    print("ValueError:", e)
print(1e308 * 10 == math.inf, math.inf - math.inf == math.inf)
