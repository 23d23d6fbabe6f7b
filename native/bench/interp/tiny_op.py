# The cost of one tiny-tensor op called from the language: `a + b` and `torch.add(a, b)` on two
# 1-element float32 tensors, minus the cost of the same loop doing `c = a`. Prints:
# RESULT tiny_add <ns per op>    and    RESULT tiny_torch_add <ns per op>
import time
import torch


def loop_cost(a, b, n):
    t0 = time.perf_counter()
    for i in range(n):
        c = a
    return time.perf_counter() - t0


def op_cost(a, b, n):
    t0 = time.perf_counter()
    for i in range(n):
        c = a + b
    return time.perf_counter() - t0


def call_cost(a, b, n):
    t0 = time.perf_counter()
    for i in range(n):
        c = torch.add(a, b)
    return time.perf_counter() - t0


def best(f, a, b, n):
    return min([f(a, b, n) for r in range(5)])


a = torch.ones(1)
b = torch.ones(1)
N = 200000
base = best(loop_cost, a, b, N)
print("RESULT tiny_add", (best(op_cost, a, b, N) - base) / N * 1e9)
print("RESULT tiny_torch_add", (best(call_cost, a, b, N) - base) / N * 1e9)
