# Reductions along either dim, log, and a transposed add at [1024, 1024] (2^20 floats): eager against
# torch.compile, median ms of 15 calls after warm-up. The same program runs in Kiln
# (build/.../native/cli/kiln layout_cases.py; KILN_CPP_JIT=wait times the C++ JIT's kernels,
# KILN_CPP_JIT=0 the kernel interpreter's) and in PyTorch (python3 layout_cases.py), so their numbers
# come side by side from one machine; OMP_NUM_THREADS sets the threads of both.
import time

import torch
import torch.nn.functional as F


def med(f):
    w0 = time.perf_counter()
    i = 0
    while i < 3 or (time.perf_counter() - w0 < 0.3 and i < 200):
        f()
        i += 1
    t = []
    for i in range(15):
        t0 = time.perf_counter()
        f()
        t.append((time.perf_counter() - t0) * 1000)
    t.sort()
    return t[len(t) // 2]


def softmax_dim0(x, y):
    return F.softmax(x.view(1024, 1024), 0)


def softmax_rows(x, y):
    return F.softmax(x.view(1024, 1024), -1)


def log_softmax_rows(x, y):
    return F.log_softmax(x.view(1024, 1024), -1)


def amax_rows(x, y):
    return x.view(1024, 1024).amax(-1)


def sum_dim0(x, y):
    return x.view(1024, 1024).sum(0)


def var_dim0(x, y):
    return x.view(1024, 1024).var(0)


def abs_log(x, y):
    return x.abs().log()


def transposed_add(x, y):
    return x.view(1024, 1024).t() + y.view(1024, 1024)


with torch.no_grad():
    x, y = torch.randn(1048576), torch.randn(1048576)
    for f in [softmax_dim0, softmax_rows, log_softmax_rows, amax_rows, sum_dim0, var_dim0, abs_log, transposed_add]:
        c = torch.compile(f)
        c(x, y)
        print(f.__name__.ljust(18), "eager", str(round(med(lambda: f(x, y)), 3)).rjust(7), "  compiled",
              str(round(med(lambda: c(x, y)), 3)).rjust(7))
