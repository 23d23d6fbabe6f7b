# Tensor._base: the tensor a view was made from (the root of a chain of views), the same Python
# object; None for a tensor that is not a view (clone, contiguous of a contiguous tensor, detach).
import torch
t = torch.arange(6.)
v = t.view(2, 3)
w = v[0]
print(t._base, v._base is t, w._base is t, v.t()._base is t)
print(t.clone()._base, t.reshape(3, 2)._base is t, t.contiguous()._base)
x = torch.randn(3, requires_grad=True)
print(x[1:]._base is x, x.detach()._base)
