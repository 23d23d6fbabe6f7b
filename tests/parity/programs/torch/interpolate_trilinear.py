# F.interpolate / nn.Upsample on 5-d (N, C, D, H, W) input: mode='trilinear' (align_corners both ways,
# scale_factor and size, downsampling, float64, the gradient) as ATen's upsample_trilinear3d computes it,
# and mode='area' (an adaptive average pool over D, H, W).
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.arange(8, dtype=torch.float32).view(1, 1, 2, 2, 2)
print(F.interpolate(x, scale_factor=2, mode='trilinear'))
print(F.interpolate(x, size=(3, 3, 3), mode='trilinear', align_corners=True))
y = torch.randn(2, 3, 4, 5, 6)
print(F.interpolate(y, size=(2, 7, 3), mode='trilinear', align_corners=False)[1, 2])
print(F.interpolate(y.double(), scale_factor=(0.5, 1.5, 2), mode='trilinear')[0, 0, :, 0])
print(nn.Upsample(scale_factor=2, mode='trilinear', align_corners=True))
print(nn.Upsample(scale_factor=2, mode='trilinear', align_corners=True)(x)[0, 0, 1])
g = torch.randn(1, 2, 3, 3, 3, requires_grad=True)
out = F.interpolate(g, size=(4, 5, 2), mode='trilinear')
(out * torch.arange(out.numel(), dtype=torch.float32).view(out.shape)).sum().backward()
print(out.shape, g.grad[0, 1])
print(F.interpolate(y, size=(2, 3, 3), mode='area')[0, 0])
print(F.interpolate(y, scale_factor=0.5, mode='area').shape)
