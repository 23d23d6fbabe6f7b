# Python's float/int/bool/complex types where a dtype goes (probe 29: naklecha/llama3-from-scratch's
# heatmap helper calls qk.to(float), which Kiln refused with "to() received an invalid combination of
# arguments - got (type)"; PyTorch's argument parser takes a Python scalar type for any ScalarType).
# Tensor.to positionally and by keyword, with copy/non_blocking after it, Tensor.view(dtype),
# Module.to(float), factory dtype=, and torch.functional's module attributes (torch.functional.F is
# torch.nn.functional there: the notebook calls torch.functional.F.silu).
import torch
import torch.nn as nn

x = torch.tensor([0.0, 1.5, -2.0])
for t in (float, int, bool, complex):
    print(t.__name__, x.to(t).dtype, x.to(dtype=t).dtype, x.to(t, copy=True).dtype, x.to(t, False, True).dtype)
print(x.to(float).tolist(), x.to(int).tolist(), x.to(bool).tolist())
print(x.to("cpu", float).dtype, x.to(None, int).dtype, x.to(torch.device("cpu"), bool).dtype)
print(torch.zeros(2, dtype=float).dtype, torch.ones(2, dtype=int).dtype, torch.empty(1, dtype=bool).dtype,
      torch.zeros(1, dtype=complex).dtype, torch.arange(3, dtype=float).dtype, torch.full((2,), 1, dtype=int).dtype)
print(torch.tensor([1, 2], dtype=float).dtype, x.new_zeros(2, dtype=int).dtype, torch.zeros_like(x, dtype=int).dtype,
      x.sum(dtype=float).dtype)
y = torch.arange(4, dtype=torch.float64)
print(y.view(int).dtype, y.view(int).shape, torch.arange(4, dtype=torch.int64).view(float).dtype)
m = nn.Linear(2, 2).to(float)
print(m.weight.dtype, nn.Linear(2, 2).to(torch.device("cpu"), float).weight.dtype)
try:
    x.to(str)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
import torch.functional
print(torch.functional.F is torch.nn.functional, torch.functional.torch is torch, torch.functional.Tensor is torch.Tensor)
print(torch.functional.F.silu(torch.tensor([1.0])).tolist(), torch.functional.einsum is torch.einsum)
