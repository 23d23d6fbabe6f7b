# The matrix products of train_step_transformer6 (b32 s128 d512: 4096 rows), each alone on the GPU,
# in whichever engine runs this file (Kiln: `kiln gemms.py`; PyTorch: `python3 gemms.py`): forward
# addmm (cuBLASLt with its bias epilogue in both) beside the same mm without the bias, and the
# backward's grad-input and grad-weight mm. A diagnosis of where the GEMM time of the compiled
# step differs between the engines, not a benchmark of record. Prints ms per call and TFLOP/s.
import time
import torch


def timed(fn, reps=50):
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    best = 1e9
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - t0) / reps)
    return best


torch.manual_seed(0)
M = 4096
for (n, k) in [(1536, 512), (512, 512), (2048, 512), (512, 2048)]:
    x = torch.randn(M, k, device="cuda")
    w = torch.randn(n, k, device="cuda")
    b = torch.randn(n, device="cuda")
    g = torch.randn(M, n, device="cuda")
    flops = 2.0 * M * n * k
    for name, fn in [("addmm", lambda: torch.addmm(b, x, w.t())),
                     ("mm_xwT", lambda: torch.mm(x, w.t())),
                     ("grad_in", lambda: torch.mm(g, w)),
                     ("grad_w", lambda: torch.mm(g.t(), x))]:
        s = timed(fn)
        print("GEMM|%s|%dx%dx%d|%.4f ms|%.1f TFLOP/s" % (name, M, n, k, s * 1e3, flops / s / 1e12))
