# F.adaptive_max_pool3d / nn.AdaptiveMaxPool3d (ATen's windows [floor(o*I/O), ceil((o+1)*I/O)),
# indices flat over D*H*W, the gradient at each window's argmax) and F.fractional_max_pool2d /
# nn.FractionalMaxPool2d (torch.rand(N, C, 2) samples drawn by the functional form, ATen's
# generate_intervals in the input's dtype, output_size or output_ratio, indices, gradients, errors).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, 5, 6, 7, requires_grad=True)
out, idx = F.adaptive_max_pool3d(x, (2, 3, 4), return_indices=True)
print(out.shape, idx.shape, idx.dtype)
print(out[0, 0])
print(idx[1, 2])
out.sum().backward()
print(x.grad.sum().item(), (x.grad != 0).sum().item())
m = nn.AdaptiveMaxPool3d((None, 2, 3))
print(m, m(x.detach()).shape)
print(F.adaptive_max_pool3d(torch.arange(64.0).reshape(1, 4, 4, 4), 2))
print(nn.AdaptiveMaxPool3d(1, return_indices=True)(torch.randn(3, 2, 2, 2)))
try:
    F.adaptive_max_pool3d(torch.randn(2, 3), 1)
except RuntimeError as e:
    print("RuntimeError:", e)

torch.manual_seed(1)
y = torch.randn(2, 3, 9, 10, requires_grad=True)
o, i = F.fractional_max_pool2d(y, 3, output_size=(4, 5), return_indices=True)
print(o.shape, i.dtype)
print(o[1, 2])
print(i[0, 0])
o.sum().backward()
print(y.grad.sum().item(), y.grad.abs().max().item())
torch.manual_seed(2)
fm = nn.FractionalMaxPool2d(2, output_ratio=0.5)
print(fm, fm(y.detach()).shape)
samples = torch.tensor([[[0.25, 0.75]]])
print(F.fractional_max_pool2d(torch.arange(49.0).reshape(1, 1, 7, 7), 2, output_size=3, _random_samples=samples))
print(F.fractional_max_pool2d(torch.arange(49.0).reshape(1, 7, 7), (2, 3), output_size=(4, 3),
                              _random_samples=torch.tensor([[[0.9, 0.1]]]), return_indices=True))
print(torch.rand(1))
for bad in (dict(), dict(output_size=2, output_ratio=0.5), dict(output_ratio=1.5)):
    try:
        nn.FractionalMaxPool2d(2, **bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    F.fractional_max_pool2d(torch.randn(1, 1, 4, 4), 3, output_size=3)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.fractional_max_pool2d(torch.randn(1, 1, 4, 4), 2)
except ValueError as e:
    print("ValueError:", e)
