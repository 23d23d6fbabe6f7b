# Tensor.to(other, non_blocking=False, copy=False) (PyTorch's Tensor.to docs): other's dtype and device,
# positional or as the schema's keyword `tensor` (the docs' name `other` is refused by the argument
# parser), with copy= giving a new tensor even when nothing changes.
import torch

t = torch.tensor([1.5, 2.5])
other = torch.zeros(1, dtype=torch.int16)
print(t.to(other), t.to(other, non_blocking=True))
print(t.to(tensor=other), t.to(tensor=torch.ones(1, dtype=torch.float64), copy=True))
same = torch.zeros(2)
print(t.to(same) is t, t.to(same, copy=True) is t, t.to(tensor=same, copy=True) is t)
try:
    t.to(other=other)
except TypeError as e:
    print("TypeError", str(e).splitlines()[0])
