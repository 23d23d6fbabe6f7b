import torch
import warnings
# Traced functions must return tensors: an int or None output is an error; x.size(0) is a tensor.

def ret_int(x):
    return 3

def ret_none(x):
    x = x + 1
    return None

def ret_sum_int(x):
    return int(x.sum())

def ret_size(x):
    return x.size(0)

x = torch.tensor([1., 2.])
for fn in [ret_int, ret_none, ret_sum_int, ret_size]:
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        try:
            tf = torch.jit.trace(fn, x)
            r = tf(torch.tensor([1., 2., 3., 4., 5.]))
            print(fn.__name__, "ok", type(r).__name__, r)
        except Exception as e:
            print(fn.__name__, type(e).__name__)
            print("  ", str(e).strip().split("\n")[0])
