import torch
from typing import List
# torch.jit.script rejects lambdas: UnsupportedNodeError at compile time; eager still works.

def f(x):
    g = lambda t: t * 2
    return g(x) + 1

x = torch.tensor([1., 2.])
try:
    torch.jit.script(f)
    print("compiled")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])
    print("Lambda" in str(e))
print(f(x))

def uses_sorted_key(xs: List[int]):
    return sorted(xs, key=lambda v: -v)

try:
    torch.jit.script(uses_sorted_key)
    print("compiled")
except Exception as e:
    print(type(e).__name__)
    print("lambda" in str(e).lower())
