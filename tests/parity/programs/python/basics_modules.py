# The allowed modules: math (qualified names), time (values never printed), warnings (stderr only).
import math
import time
import warnings
t0 = time.time()
p0 = time.perf_counter()
acc = 0
for i in range(1000):
    acc += i % 7
t1 = time.time()
p1 = time.perf_counter()
print("acc", acc)
print("time moves forward:", t1 >= t0, p1 >= p0, type(t0).__name__, type(p0).__name__)
warnings.warn("this goes to stderr, not stdout")
print("after warning")
r = 3.0
area = math.pi * r ** 2
print(f"{area:.6f}", round(area, 2), math.floor(area), math.ceil(area))
print(math.sqrt(3 ** 2 + 4 ** 2), math.gcd(84, 36), math.prod(range(1, 6)))
vals = [0.1, 0.2, 0.3]
print(sum(vals), math.fsum(vals), math.fsum(vals) == 0.6)
print(math.fabs(-0.5), math.exp(2) > 7.38, math.log(math.exp(3)))
print(max(math.floor(-0.5), math.ceil(-0.5)), math.isnan(math.inf - math.inf))
