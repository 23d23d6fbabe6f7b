import time
import torch

# The first call of a compiled function captures and compiles: it is far
# slower than the calls after it. A benchmark must run warm-up calls first and
# time only the calls that hit the cache. (This program prints no times, which
# differ on every machine: it counts what happened in each phase.)
graphs = []

def counting(gm, example_inputs):
    graphs.append(1)
    return gm.forward

def f(x):
    return (x * 2 + 1).relu().sum()

cf = torch.compile(f, backend=counting)
x = torch.linspace(-1, 1, 1000)

def bench(fn, warmup=3, reps=9):
    for _ in range(warmup):
        fn(x)
    compiled_before = len(graphs)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(x)
        times.append(time.perf_counter() - t0)
    times.sort()
    return times[len(times) // 2], len(graphs) - compiled_before, len(times)

median, compiles_while_timing, n = bench(cf)
print("graphs compiled during warm-up:", len(graphs))
print("graphs compiled while timing:", compiles_while_timing)
print("timed calls:", n, "median is positive:", median > 0)
