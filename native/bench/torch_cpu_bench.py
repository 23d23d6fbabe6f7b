"""The same cases as kiln_bench, run through PyTorch eager on the CPU, for side-by-side tables.

    taskset -c 0,1 build/native/native/bench/kiln_bench --threads 2
    taskset -c 0,1 python3 native/bench/torch_cpu_bench.py --threads 2

Cases (2^24 float32 for memory-bound ops; medians after warm-up, time.perf_counter):
copy (the ceiling), add(a, b), mul(a, 2.0), relu(a), sigmoid(a); float32 mm 512^3, 1024^3,
[2048x2048] @ [2048x512]; conv2d 32x64x56x56 with 64 3x3 filters, padding 1.
"""
import argparse
import json
import statistics
import time

import torch
import torch.nn.functional as F


def median_seconds(fn, warmup, reps):
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=torch.get_num_threads())
    ap.add_argument("--json")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    n = 1 << 24
    a, b, out = torch.rand(n), torch.rand(n), torch.empty(n)
    rows = []
    copy_s = median_seconds(lambda: out.copy_(a), 3, 20)
    ceiling = 2 * 4 * n / copy_s / 1e9
    rows.append(("memory", "copy 2^24 float32 (ceiling)", ceiling, "GB/s", 100.0))
    for name, fn, nbytes in [("add(a, b)", lambda: torch.add(a, b), 3 * 4 * n),
                             ("mul(a, 2.0)", lambda: torch.mul(a, 2.0), 2 * 4 * n),
                             ("relu(a)", lambda: torch.relu(a), 2 * 4 * n),
                             ("sigmoid(a)", lambda: torch.sigmoid(a), 2 * 4 * n)]:
        gbs = nbytes / median_seconds(fn, 3, 20) / 1e9
        rows.append(("pointwise", name, gbs, "GB/s", 100.0 * gbs / ceiling))
    for m, k, nn_ in [(512, 512, 512), (1024, 1024, 1024), (2048, 2048, 512)]:
        x, w = torch.rand(m, k), torch.rand(k, nn_)
        s = median_seconds(lambda: torch.mm(x, w), 2, 10)
        rows.append(("matmul", f"mm [{m}x{k}] @ [{k}x{nn_}]", 2 * m * k * nn_ / s / 1e9, "GFLOP/s", -1))
    x, w = torch.rand(32, 64, 56, 56), torch.rand(64, 64, 3, 3)
    s = median_seconds(lambda: F.conv2d(x, w, padding=1), 1, 5)
    rows.append(("conv2d", "conv2d 32x64x56x56, 64x3x3, pad 1", 2 * 32 * 64 * 56 * 56 * 64 * 9 / s / 1e9, "GFLOP/s", -1))

    print(f"PyTorch {torch.__version__} eager CPU: {args.threads} thread(s)\n")
    print(f"{'group':<10} {'measurement':<40} {'value':>12} {'% ceiling':>10}")
    print("-" * 75)
    for g, name, v, unit, pct in rows:
        print(f"{g:<10} {name:<40} {v:>7.1f} {unit:<4} {(f'{pct:.0f}%' if pct >= 0 else ''):>10}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([{"group": g, "name": nm, "value": v, "unit": u, "percent": p} for g, nm, v, u, p in rows], f,
                      indent=1)


if __name__ == "__main__":
    main()
