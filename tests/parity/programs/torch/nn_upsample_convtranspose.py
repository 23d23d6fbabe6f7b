import torch
import torch.nn as nn
import torch.nn.functional as F

# F.interpolate (nearest, nearest-exact, linear, bilinear and bicubic with and without align_corners, area),
# nn.Upsample and its 2d subclasses, F.conv_transpose1d/2d and nn.ConvTranspose1d/2d with fixed
# weights: values, shapes, output_size, reprs, gradients of small integer inputs.
x = torch.arange(16.0).reshape(1, 1, 4, 4)
print(F.interpolate(x, scale_factor=2))
print(F.interpolate(x, size=(3, 5)))
print(F.interpolate(x, size=(3, 5), mode="nearest-exact"))
print(F.interpolate(x, size=(3, 6), mode="bilinear"))
print(F.interpolate(x, scale_factor=0.5, mode="bilinear"))
print(F.interpolate(x, size=(2, 7), mode="bilinear", align_corners=True))
print(F.interpolate(x, scale_factor=(1.5, 0.75), mode="bilinear"))
print(F.interpolate(x, size=(2, 2), mode="area"))
print(F.interpolate(x, scale_factor=2, mode="bicubic"))
print(F.interpolate(x, size=(3, 5), mode="bicubic", align_corners=True))
print(F.interpolate(torch.arange(4.0).reshape(1, 1, 4), size=6, mode="linear"))
print(F.interpolate(torch.arange(4.0).reshape(1, 1, 4), scale_factor=2, mode="linear", align_corners=True))
for m in [nn.Upsample(scale_factor=2), nn.Upsample(size=(2, 3), mode="bilinear", align_corners=False),
          nn.UpsamplingNearest2d(scale_factor=3), nn.UpsamplingBilinear2d(size=5)]:
    y = m(x)
    print(m, tuple(y.shape), round(y.sum().item(), 4))

xg = torch.tensor([[[[1.0, 2.0], [3.0, 4.0]]]], requires_grad=True)
F.interpolate(xg, size=(3, 3), mode="bilinear").sum().backward()
print(xg.grad)
xg.grad = None
(F.interpolate(xg, scale_factor=3) * torch.arange(36.0).reshape(1, 1, 6, 6)).sum().backward()
print(xg.grad)

w = torch.arange(8.0).reshape(1, 2, 2, 2)
print(F.conv_transpose2d(torch.ones(1, 1, 2, 2), w, stride=2))
print(F.conv_transpose2d(torch.ones(1, 1, 2, 2), w, stride=1, padding=0))
print(F.conv_transpose2d(torch.arange(9.0).reshape(1, 1, 3, 3), torch.ones(1, 1, 3, 3), stride=2, padding=1,
                         output_padding=1))
print(F.conv_transpose2d(torch.ones(1, 2, 2, 2), torch.ones(2, 1, 2, 2), groups=2, dilation=2))
print(F.conv_transpose1d(torch.tensor([[[1.0, 2.0, 3.0]]]), torch.tensor([[[1.0, -1.0]]]), stride=2))

ct = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, output_padding=1, bias=True)
print(ct, tuple(ct.weight.shape), tuple(ct.bias.shape))
with torch.no_grad():
    ct.weight.copy_(torch.arange(54.0).reshape(2, 3, 3, 3) / 10)
    ct.bias.copy_(torch.tensor([1.0, 0.0, -1.0]))
inp = torch.arange(8.0).reshape(1, 2, 2, 2).requires_grad_(True)
out = ct(inp)
print(out.shape)
print(out[0, 1])
out.sum().backward()
print(inp.grad, ct.bias.grad)
print(ct(torch.zeros(1, 2, 3, 3), output_size=(5, 5)).shape, ct(torch.zeros(1, 2, 3, 3), output_size=[1, 3, 6, 6]).shape)
try:
    ct(torch.zeros(1, 2, 3, 3), output_size=(9, 9))
except ValueError as e:
    print(type(e).__name__, e)
print(nn.ConvTranspose2d(4, 8, (3, 5), stride=(2, 1), padding=(1, 2), groups=2, bias=False, dilation=2))
print(nn.ConvTranspose1d(2, 4, 3, stride=2))
print(nn.ConvTranspose2d(2, 2, 2).state_dict().keys())
