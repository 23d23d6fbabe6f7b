# torch.cdist's compute_mode: p=2 with more than 25 rows on either side goes through ATen's
# _euclidean_dist (one matrix product of [-2a, |a|^2, 1] by [b, 1, |b|^2]^T, clamped, square-rooted;
# grad_fn EuclideanDistBackward0), fewer rows and other p through _cdist_forward (CdistBackward0);
# 'use_mm_for_euclid_dist' forces the product, 'donot_use_mm_for_euclid_dist' the differences.
import torch

torch.manual_seed(0)
a = torch.randn(30, 8, requires_grad=True)
b = torch.randn(20, 8, requires_grad=True)
d = torch.cdist(a, b)
print(type(d.grad_fn).__name__, d.shape)
print(d[:2, :4].detach())
d.sum().backward()
print(a.grad[:2, :4])
print(b.grad[:2, :4])
s = torch.cdist(a[:5], b[:5])
print(type(s.grad_fn).__name__, s[0, :4].detach())
f = torch.cdist(a[:5], b[:5], compute_mode="use_mm_for_euclid_dist")
print(type(f.grad_fn).__name__, f[0, :4].detach())
n = torch.cdist(a, b, compute_mode="donot_use_mm_for_euclid_dist")
print(type(n.grad_fn).__name__, n[0, :4].detach())
print(torch.cdist(a, b, p=1)[0, :3].detach(), type(torch.cdist(a, b, p=1).grad_fn).__name__)
# self distances: zero exactly on the diagonal only where the differences are taken
with torch.no_grad():
    x = torch.randn(40, 16) * 10
    mm = torch.cdist(x, x)
    df = torch.cdist(x, x, compute_mode="donot_use_mm_for_euclid_dist")
    print(bool((df.diagonal() == 0).all()), bool(mm.diagonal().max() < 1.0), bool(((mm - df).abs() < 1.0).all()))
    print(torch.cdist(torch.randn(2, 40, 4), torch.randn(1, 30, 4)).shape)
# the gradient where a distance is 0: a zero subgradient
p = torch.zeros(30, 3, requires_grad=True)
torch.cdist(p, p).sum().backward()
print(p.grad.abs().sum())
try:
    torch.cdist(a, b, compute_mode="fast")
except ValueError as e:
    print("ValueError:", e)
