import torch
import torch.nn as nn
import torch.nn.functional as F
# F.unfold / F.fold (im2col / col2im) and nn.Unfold / nn.Fold, as patch-based vision code uses them
# (probe 3: lucidrains/vit-pytorch's T2T-ViT and LeViT-style patch merging call nn.Unfold).
torch.manual_seed(0)
x = torch.arange(2 * 3 * 4 * 5, dtype=torch.float32).reshape(2, 3, 4, 5)
u = F.unfold(x, kernel_size=2, stride=1)
print(u.shape)
print(u[0, :, :3])
u2 = F.unfold(x, kernel_size=(3, 2), dilation=(1, 2), padding=1, stride=(2, 1))
print(u2.shape, u2.sum().item())
print(F.unfold(x[0], kernel_size=2, stride=2).shape)
m = nn.Unfold(kernel_size=3, stride=2, padding=1)
print(m)
print(m(x).shape)
f = F.fold(u, output_size=(4, 5), kernel_size=2, stride=1)
print(f.shape)
print(f[0, 0])
ones = torch.ones(1, 1, 4, 5)
div = F.fold(F.unfold(ones, 2), (4, 5), 2)
print(div[0, 0])
print(torch.allclose(f / (div * 1.0), x))
fm = nn.Fold(output_size=(6, 6), kernel_size=3, stride=3)
print(fm)
blocks = torch.randn(2, 2 * 9, 4)
print(fm(blocks).shape)
print(torch.allclose(nn.Unfold(3, stride=3)(fm(blocks)), blocks))
xg = torch.randn(1, 2, 5, 5, requires_grad=True)
y = F.unfold(xg, kernel_size=3, padding=1, stride=2)
(y * torch.arange(y.numel()).reshape(y.shape)).sum().backward()
print(y.shape, xg.grad[0, 0])
bg = torch.randn(1, 8, 4, requires_grad=True)
F.fold(bg, (4, 4), 2, stride=2).pow(2).sum().backward()
print(torch.allclose(bg.grad, 2 * bg))
for bad in (lambda: F.unfold(torch.ones(2, 3), 2),
            lambda: F.unfold(torch.ones(1, 1, 2, 2), 3),
            lambda: F.fold(torch.ones(1, 5, 4), (4, 4), 2),
            lambda: F.fold(torch.ones(1, 4, 5), (4, 4), 2, stride=2)):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
