# timeit: callables and strings (with setup and globals), repeat, autorange, Timer errors; timings
# vary, so only their types and relations are printed.
import timeit

t = timeit.timeit(lambda: sum(range(10)), number=100)
print(type(t).__name__, t > 0)
print(timeit.timeit("x * 2", setup="x = 3", number=10) > 0)
r = timeit.repeat("y = [i for i in range(5)]", repeat=3, number=5)
print(type(r).__name__, len(r), all(v > 0 for v in r))
n, tt = timeit.Timer("sum(range(100))").autorange()
print(n >= 1, tt >= 0.2, str(n)[0] in "125")
calls = []
timeit.Timer(lambda: None).autorange(callback=lambda number, taken: calls.append(number))
print(calls[:3])
z = 5
print(timeit.timeit("z + 1", globals=globals(), number=3) >= 0)
import time
print(timeit.default_timer is time.perf_counter)
counter = []
timeit.Timer(lambda: counter.append(1), setup=lambda: counter.append(0)).timeit(4)
print(counter)
try:
    timeit.Timer(5)
except ValueError as e:
    print("ValueError:", e)
try:
    timeit.Timer("pass", setup=5)
except ValueError as e:
    print("ValueError:", e)
