# The eager diagnosis scripts' timing (parts.py, eager_ops.py), in whichever engine imports it:
# batches of calls between two synchronizations, sized to about 20 ms, and the median batch's time
# per call (bench.py's method).
import time
import torch


def sync():
    torch.cuda.synchronize()


def median_ms(fn, warmup=3, batches=9):
    for _ in range(warmup):
        fn()
    sync()
    t0 = time.perf_counter()
    fn()
    sync()
    one = time.perf_counter() - t0
    k = max(1, min(200, int(0.02 / max(one, 1e-6))))
    per = []
    for _ in range(batches):
        sync()
        t0 = time.perf_counter()
        for _ in range(k):
            fn()
        sync()
        per.append((time.perf_counter() - t0) / k * 1000.0)
    per.sort()
    return per[len(per) // 2]
