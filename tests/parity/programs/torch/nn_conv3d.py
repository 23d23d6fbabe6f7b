import torch
import torch.nn as nn
import torch.nn.functional as F
# nn.Conv3d / F.conv3d: construction (parameter shapes, seeded init, repr), forward over stride,
# padding (ints, tuples, 'same', 'valid'), dilation and groups, unbatched input, gradients of
# input, weight and bias, and PyTorch's error messages.

def r(t):
    # six significant digits: sums over thousands of float32 terms differ past that between kernels
    return float(f"{t.item():.6g}")

torch.manual_seed(0)
m = nn.Conv3d(2, 4, 3, padding=1)
print(m)
print(m.weight.shape, m.bias.shape, r(m.weight.sum()), r(m.bias.sum()))
print(m.kernel_size, m.stride, m.padding, m.dilation, m.groups, m.padding_mode)
print(nn.Conv3d(4, 6, (1, 3, 3), stride=(1, 2, 2), padding=(0, 1, 1), groups=2, bias=False))
print(nn.Conv3d(3, 3, 3, padding="same", dilation=2))
print(nn.Conv3d(3, 3, 2, padding="valid"))
print(type(m).__module__, isinstance(m, nn.Module))

x = torch.linspace(-1.0, 1.0, 2 * 2 * 5 * 6 * 7).reshape(2, 2, 5, 6, 7)
x = x * torch.linspace(0.5, 1.5, 7) - torch.linspace(0.3, -0.3, 6).reshape(6, 1)
y = m(x)
print(y.shape, y.dtype, r(y.sum()), r(y.abs().sum()), y.grad_fn.name())
print([round(v, 4) for v in y[1, 2, 3, 2].tolist()])

cases = [
    dict(stride=1, padding=0, dilation=1, groups=1),
    dict(stride=2, padding=1, dilation=1, groups=1),
    dict(stride=(1, 2, 3), padding=(1, 0, 2), dilation=(2, 1, 1), groups=1),
    dict(stride=1, padding="same", dilation=(1, 2, 1), groups=2),
    dict(stride=1, padding="valid", dilation=1, groups=2),
]
for i, kw in enumerate(cases):
    w = torch.linspace(-0.4, 0.6, 4 * (2 // kw["groups"]) * 27).reshape(4, 2 // kw["groups"], 3, 3, 3)
    b = torch.tensor([0.1, -0.2, 0.3, 0.0])
    xi = x.clone().requires_grad_(True)
    wi = w.clone().requires_grad_(True)
    bi = b.clone().requires_grad_(True)
    out = F.conv3d(xi, wi, bi, **kw)
    (out * out).sum().backward()
    print(i, list(out.shape), r(out.sum()), r(xi.grad.sum()), r(wi.grad.abs().sum()), r(bi.grad.sum()))

# unbatched (C, D, H, W) input runs as a batch of one
u = m(x[0])
print(u.shape, torch.allclose(u, y[0], atol=1e-6), u.grad_fn.name())

# float64 and a gradient check
xd = torch.linspace(-1, 1, 1 * 2 * 3 * 4 * 3, dtype=torch.float64).reshape(1, 2, 3, 4, 3).requires_grad_(True)
wd = torch.linspace(-1, 1, 3 * 2 * 2 * 2 * 2, dtype=torch.float64).reshape(3, 2, 2, 2, 2).requires_grad_(True)
print(torch.autograd.gradcheck(lambda a, b: F.conv3d(a, b, None, 1, 1), (xd, wd)))

for bad in [
    lambda: F.conv3d(torch.zeros(1, 2, 2, 2, 2), torch.zeros(3, 2, 3, 3, 3)),
    lambda: F.conv3d(torch.zeros(1, 3, 4, 4, 4), torch.zeros(3, 2, 3, 3, 3)),
    lambda: F.conv3d(torch.zeros(1, 2, 4, 4), torch.zeros(3, 2, 3, 3, 3)),
    lambda: m(torch.zeros(1, 2, 4, 4)),
    lambda: F.conv3d(torch.zeros(1, 2, 4, 4, 4), torch.zeros(3, 2, 3, 3, 3), stride=2, padding="same"),
]:
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
