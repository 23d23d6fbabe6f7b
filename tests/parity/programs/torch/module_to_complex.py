# nn.Module.to with a complex dtype (PyTorch's Module.to docs: nn.Linear(2, 2, bias=None).to(torch.cdouble)):
# floating and complex parameters and buffers take the dtype, integer buffers keep theirs, PyTorch's
# "Complex modules are a new feature" UserWarning, and integer dtypes still refused with its TypeError.
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
linear = nn.Linear(2, 2, bias=None)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    linear.to(torch.cdouble)
print(len(w), w[0].category.__name__, str(w[0].message)[:45])
print(linear.weight)
print(linear(torch.ones(3, 2, dtype=torch.cdouble)).detach())
bn = nn.BatchNorm1d(2)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    bn.to(dtype=torch.complex64)
print(bn.weight.dtype, bn.running_mean.dtype, bn.num_batches_tracked.dtype)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    bn.to(torch.float64)
print(bn.weight.dtype, bn.running_var.dtype)
m = nn.Linear(2, 2)
m.to(torch.float64)
print(m.weight.dtype, m.bias.dtype)
for bad in (torch.int32, torch.bool):
    try:
        m.to(bad)
    except TypeError as e:
        print("TypeError:", e)
