# F.grid_sample(mode='bicubic') as ATen's grid sampler computes it: the grid unnormalized without
# padding, 4 x 4 taps around floor(x), floor(y) with Keys' cubic weights (A = -0.75), each tap padded
# on its own (zeros, border, reflection), both align_corners settings, batched grids, float64, and
# gradients to the input and to the grid.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.arange(12.).view(1, 1, 3, 4)
theta = torch.tensor([[[0.9, 0.1, 0.05], [-0.1, 1.1, 0.0]]])
grid = F.affine_grid(theta, (1, 1, 3, 4), align_corners=False)
for pad in ("zeros", "border", "reflection"):
    for ac in (False, True):
        print(pad, ac, F.grid_sample(x, grid * 1.3, mode="bicubic", padding_mode=pad, align_corners=ac))
inp = torch.randn(2, 3, 5, 6, dtype=torch.float64)
g = torch.rand(2, 4, 3, 2, dtype=torch.float64) * 2.4 - 1.2
print(F.grid_sample(inp, g, mode="bicubic", padding_mode="reflection", align_corners=False)[1, 2])
ident = F.affine_grid(torch.tensor([[[1., 0, 0], [0, 1, 0]]]), (1, 1, 3, 4), align_corners=True)
print(torch.allclose(F.grid_sample(x, ident, mode="bicubic", align_corners=True), x, atol=1e-5))
a = torch.randn(1, 2, 4, 4, requires_grad=True)
gg = (torch.rand(1, 3, 3, 2) * 2 - 1).requires_grad_()
out = F.grid_sample(a, gg, mode="bicubic", padding_mode="border", align_corners=False)
(out * torch.arange(out.numel(), dtype=torch.float32).view(out.shape)).sum().backward()
print(out.shape)
print(a.grad[0, 1])
print(gg.grad[0])
