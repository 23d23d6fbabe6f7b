import torch
import torch.nn as nn
import torch.nn.functional as F
# The 3-d pooling layers and BatchNorm3d: MaxPool3d / F.max_pool3d (indices, dilation, ceil_mode),
# AvgPool3d / F.avg_pool3d (padding, count_include_pad, divisor_override), AdaptiveAvgPool3d,
# their reprs and grad_fn names, gradients, BatchNorm3d in train and eval mode, ConvTranspose3d,
# and PyTorch's errors.

def r(t):
    # five significant digits in a fixed layout: sums over thousands of float32 terms differ past that
    return f"{t.item():.4e}"

x = torch.linspace(-2.0, 2.0, 2 * 3 * 5 * 6 * 7).reshape(2, 3, 5, 6, 7)
x = torch.sin(x * 3.1) + 0.3 * x + 0.2 * torch.exp(-x * x) + 0.1

for mod in [nn.MaxPool3d(2), nn.MaxPool3d((2, 3, 2), stride=(1, 2, 2), padding=(1, 1, 0)),
            nn.MaxPool3d(3, stride=2, padding=1, dilation=1, ceil_mode=True), nn.MaxPool3d(2, dilation=(1, 2, 2))]:
    xi = x.clone().requires_grad_(True)
    y = mod(xi)
    (y * y).sum().backward()
    print(mod)
    print(" ", list(y.shape), r(y.sum()), r(xi.grad.sum()), y.grad_fn.name())

v, idx = F.max_pool3d(x, 3, stride=2, return_indices=True)
print(v.shape, idx.dtype, idx[1, 2].tolist())
print(F.max_pool3d(x[0], 2).shape)

for mod in [nn.AvgPool3d(2), nn.AvgPool3d(3, stride=2, padding=1), nn.AvgPool3d(3, stride=2, padding=1, count_include_pad=False),
            nn.AvgPool3d((2, 3, 3), stride=(2, 2, 1), ceil_mode=True), nn.AvgPool3d(2, divisor_override=3)]:
    xi = x.clone().requires_grad_(True)
    y = mod(xi)
    (y * y).sum().backward()
    print(mod)
    print(" ", list(y.shape), r(y.sum()), r(xi.grad.sum()), y.grad_fn.name())

for size in [(2, 3, 4), 3, (1, 1, 1), 1, (5, 6, 7), (4, 1, 2)]:
    mod = nn.AdaptiveAvgPool3d(size)
    xi = x.clone().requires_grad_(True)
    y = mod(xi)
    (y * y).sum().backward()
    print(mod, list(y.shape), r(y.sum()), r(xi.grad.sum()), y.grad_fn.name())
print(F.adaptive_avg_pool3d(x[0], (2, 2, 2)).shape)

torch.manual_seed(0)
bn = nn.BatchNorm3d(3)
print(bn, bn.weight.shape, bn.running_mean.shape)
xb = x.clone().requires_grad_(True)
y = bn(xb)
(y * torch.linspace(0, 1, 7)).sum().backward()
print(abs(y.mean().item()) < 1e-5, r(y.var()), y.grad_fn.name(), r(xb.grad.abs().sum()), r(bn.weight.grad.sum()))
print([round(v, 4) for v in bn.running_mean.tolist()], [round(v, 4) for v in bn.running_var.tolist()], bn.num_batches_tracked.item())
bn.eval()
print(r(bn(x).sum()))
bn2 = nn.BatchNorm3d(3, momentum=None, affine=False, eps=1e-3)
print(bn2)
for _ in range(2):
    bn2(x * 2)
print([round(v, 4) for v in bn2.running_var.tolist()])

ct = nn.ConvTranspose3d(3, 2, 3, stride=2, padding=1, output_padding=1)
print(ct, ct.weight.shape)
y = ct(x)
print(list(y.shape), r(y.abs().sum()), y.grad_fn is not None)
print(list(ct(x, output_size=[9, 11, 13]).shape))

for bad in [
    lambda: F.max_pool3d(torch.zeros(2, 3, 4), 2),
    lambda: F.max_pool3d(torch.zeros(1, 1, 2, 2, 2), 3),
    lambda: F.max_pool3d(torch.zeros(1, 1, 4, 4, 4), 2, padding=2),
    lambda: F.max_pool3d(torch.zeros(1, 1, 4, 4, 4), (2, 2)),
    lambda: F.avg_pool3d(torch.zeros(1, 1, 2, 4, 4), 3),
    lambda: F.avg_pool3d(torch.zeros(1, 1, 4, 4, 4), 2, divisor_override=0),
    lambda: F.adaptive_avg_pool3d(torch.zeros(1, 4, 4), (2, 2, 2)),
    lambda: bn(torch.zeros(2, 3, 4, 4)),
]:
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
