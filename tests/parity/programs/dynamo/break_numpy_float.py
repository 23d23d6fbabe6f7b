# float() of a NumPy value inside a compiled function (NumPy runs eagerly), next to tensor work.
import numpy as np
import torch


@torch.compile(backend="eager")
def f(x):
    n = np.arange(4.0)
    z = x + float(n.sum())
    print("z", z.sum().item())
    return z * 2


for x in [torch.ones(3), torch.arange(3.0)]:
    print(f(x))
