# torch.utils.benchmark: Timer.timeit / blocked_autorange / adaptive_autorange and Measurement's
# statistics and printout, Compare's table. Timings vary from run to run, so only the structure is
# printed: the repr's lines without numbers, counts, types and relations between statistics.
import torch
import torch.utils.benchmark as benchmark
from torch.utils.benchmark import Timer


def batched_dot_mul_sum(a, b):
    return a.mul(b).sum(-1)


x = torch.randn(64, 32)
t0 = Timer(stmt="batched_dot_mul_sum(x, x)", setup="from __main__ import batched_dot_mul_sum", globals={"x": x})
m = t0.timeit(50)
print(type(m).__name__, type(m).__module__)
print(m.number_per_run, len(m.times), len(m.raw_times))
print(type(m.mean).__name__, type(m.median).__name__, m.mean > 0, m.median > 0)
print(m.times[0] == m.raw_times[0] / 50)
lines = repr(m).split("\n")
print(lines[0].startswith("<torch.utils.benchmark.utils.common.Measurement object at 0x"))
print(lines[1:3])
print(lines[3].split(" ")[-1] in ("ns", "us", "ms", "s"))
print(lines[4])
print(m.stmt, "|", m.setup, "|", m.num_threads, "|", m.title)
print(m.task_spec.summarize())

m2 = Timer(stmt="x * 2", globals={"x": x}, label="scale", sub_label="x2", description="float32").blocked_autorange(
    min_run_time=0.05)
print(len(m2.times) >= 1, m2.number_per_run >= 1, sum(m2.raw_times) >= 0.05)
lines = repr(m2).split("\n")
print(lines[1:3])
n = len(m2.times)
print(lines[3].strip().startswith("Median:" if n > 1 else ""))
print(m2.title, "|", m2.description)
print(m2.iqr >= 0, m2.median >= min(m2.times), m2.median <= max(m2.times))

m3 = Timer(stmt="y = x + 1\ny.sum()", globals={"x": x}, num_threads=1).adaptive_autorange(max_run_time=0.5)
print(repr(m3).split("\n")[1:5])
print(len(m3.times) >= 1)
print(Timer("pass").timeit(10).times[0] >= 0)

try:
    Timer(stmt=lambda: None)
except ValueError as e:
    print("ValueError", e)

results = []
for n in [1, 8]:
    for op in ["mul", "add"]:
        v = torch.ones(n, 4)
        results.append(Timer(stmt=f"v.{op}(v)", globals={"v": v}, label="ops", sub_label=f"[{n}, 4]",
                             description=op).timeit(20))
table = str(benchmark.Compare(results)).split("\n")
print(table[0].strip("[]-").strip())
print([c.strip() for c in table[1].split("|")])
print(table[2].startswith("1 threads: "))
print([r.split("|")[0].strip() for r in table[3:5]])
print(table[-2].startswith("Times are in"))
