"""kiln_inductor_bench's cases (cases.py, the same file) in PyTorch on the CPU: eager vs torch.compile.

    python3 native/bench/inductor/torch_inductor_bench.py [--quick] [--threads N] [--reps N]
                                                          [--warmup N] [--case NAME] [--results FILE]

Variants: eager, and torch.compile(fn) in the default mode (Inductor's C++/OpenMP back end); no_grad
throughout. Times are medians of --reps calls after --warmup calls (time.perf_counter), the same N as
kiln_inductor_bench. The first compiled call's wall clock is the compile latency (Dynamo + AOT +
Inductor + the C++ compiler; run with a fresh TORCHINDUCTOR_CACHE_DIR to include the compiler: the
default here is a fresh temporary directory unless --keep-cache). GB/s counts min bytes (inputs and
parameters read once, outputs written once) against a 256 MiB copy_ measured here; matmul-bound
cases report GFLOP/s. Kernel counts come from Inductor's generated-kernel counter when available.
A benchmark, not a test: nothing fails on a slow number.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time


def median_ms(fn, args, warmup, reps):
    for _ in range(warmup):
        fn(*args)
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn(*args)
        t.append((time.perf_counter() - t0) * 1000)
    return statistics.median(t)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--threads", type=int, default=0)
    ap.add_argument("--reps", type=int, default=0)
    ap.add_argument("--warmup", type=int, default=-1)
    ap.add_argument("--case")
    ap.add_argument("--results")
    ap.add_argument("--keep-cache", action="store_true")
    a = ap.parse_args()
    if not a.keep_cache:
        os.environ["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="torch_inductor_bench.")
    import torch
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import cases

    if a.threads > 0:
        torch.set_num_threads(a.threads)
    threads = torch.get_num_threads()
    warmup = a.warmup if a.warmup >= 0 else (2 if a.quick else 3)
    reps = a.reps if a.reps > 0 else (10 if a.quick else 20)
    res = open(a.results, "w") if a.results else None

    def copy_gbs(n):
        """GB/s (bytes read + written) of copy_ between two tensors of n floats."""
        src, dst = torch.ones(n), torch.zeros(n)
        return 2 * 4 * n / (median_ms(lambda: dst.copy_(src), (), 2, 10) / 1000) / 1e9

    copy_all = copy_gbs(1 << 26)
    torch.set_num_threads(1)
    copy_one = copy_gbs(1 << 26)
    torch.set_num_threads(threads)
    print(f"torch_inductor_bench: PyTorch {torch.__version__}, {threads} thread(s), "
          f"{'quick' if a.quick else 'full'} sizes, {reps} reps after {warmup} warm-up(s)")
    print(f"inductor cache: {os.environ.get('TORCHINDUCTOR_CACHE_DIR', '(default)')}")
    print(f"copy_ 256 MiB (bytes read + written): {copy_all:.1f} GB/s on {threads} thread(s), {copy_one:.1f} GB/s on 1 thread\n")
    if res:
        res.write(f"COPY\ttorch\t{threads}\t{copy_all:.3f}\t{copy_one:.3f}\n")

    try:
        from torch._inductor import metrics as ind_metrics
    except Exception:  # pragma: no cover
        ind_metrics = None

    print(f"{'case':<28} {'variant':<16} {'median ms':>10} {'vs eager':>8} {'throughput':>14} {'%same':>6} {'%256M':>6} "
          f"{'kernels':>8} {'first ms':>10} {'max|diff|':>9}")
    print("-" * 125)
    with torch.no_grad():
        for name in cases.NAMES:
            if a.case and a.case != name:
                continue
            torch._dynamo.reset()
            fn, args, nbytes, flops, label = cases.make(name, a.quick)
            rows = []
            ref = fn(*args)
            eager = median_ms(fn, args, warmup, reps)
            rows.append(("eager", eager, None, "-", None))
            # the two copy ceilings next to the case, as kiln_inductor_bench measures them
            copy_now, copy_same = copy_gbs(1 << 26), (copy_gbs(nbytes // 8) if not flops else 0.0)
            if res:
                res.write(f"COPYCASE\ttorch\t{name}\t{copy_now:.3f}\t{copy_same:.3f}\n")
            if ind_metrics is not None:
                ind_metrics.reset()
            cf = torch.compile(fn)
            t0 = time.perf_counter()
            out = cf(*args)
            first = (time.perf_counter() - t0) * 1000
            kernels = str(ind_metrics.generated_kernel_count) if ind_metrics is not None else "-"
            diff = (out - ref).abs().max().item()
            rows.append(("compiled", median_ms(cf, args, warmup, reps), first, kernels, diff))
            for i, (var, ms, first_ms, kern, d) in enumerate(rows):
                if flops:
                    thr, pct, gbs, gfl = f"{flops / (ms / 1000) / 1e9:.1f} GFLOP/s", ("", ""), "-", f"{flops / (ms / 1000) / 1e9:.2f}"
                else:
                    g = nbytes / (ms / 1000) / 1e9
                    thr, pct, gbs, gfl = f"{g:.1f} GB/s", (f"{100 * g / copy_same:.0f}%", f"{100 * g / copy_now:.0f}%"), f"{g:.2f}", "-"
                print(f"{label if i == 0 else '':<28} {var:<16} {ms:>10.3f} {eager / ms:>7.2f}x {thr:>14} {pct[0]:>6} {pct[1]:>6} "
                      f"{kern:>8} {(f'{first_ms:.1f}' if first_ms is not None else '-'):>10} "
                      f"{(f'{d:.1e}' if d is not None else ''):>9}", flush=True)
                if res:
                    res.write(f"RESULT\ttorch\t{name}\t{var}\t{ms:.4f}\t{(f'{first_ms:.3f}' if first_ms is not None else '-')}"
                              f"\t-\t-\t{kern}\t{gfl}\t{gbs}\n")
    print("\nfirst ms: the first compiled call's wall clock (Dynamo + AOT autograd + Inductor + C++ compile with a "
          "fresh cache); kernels: Inductor's generated kernel count (extern mm calls not counted).")
    if res:
        res.close()


if __name__ == "__main__":
    main()
